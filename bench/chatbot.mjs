// Campus Chatbot benchmark (npm run bench:chatbot), on PGlite, in one run:
//   1. the baseline: `GET /healthz` over HTTP, one request at a time (an answer that does no work);
//   2. `POST /chatbot/v1.0/try` over HTTP against a bank of BENCH_RESPONSES responses (default 1,000), one at a
//      time, with a mix of questions that match and questions that do not;
//   3. the matcher alone (`ResponseMatcher.match`, in process) on the same bank.
//   4. a broadcast to BENCH_RECIPIENTS subscribers (default 10,000) by email, sent by the `chatbot-broadcast` job through
//      a real SMTP sink (smtp-server), against the baseline of raw nodemailer sends of as many messages to the same
//      sink over the same transport.
// Prints answers per second and p50/p95 latency of each, and the ratio of the answer's p95 to the baseline's
// (issue 12's target: p95 of an answer at most 20 ms); deliveries per second of the broadcast against raw sends. Build first: npx nx run-many -t build --projects=tag:lib,@campus/api.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const api = (path) => import(new URL(`../apps/api/dist/${path}`, import.meta.url).href);
const { buildApp } = await api('app.js');
const { loadConfig } = await api('config.js');
const { openDatabase } = await api('platform/db/client.js');
const { insertAccount } = await api('platform/db/users.js');
const { ResponseMatcher } = await import(new URL('../libs/domain-chatbot/dist/index.js', import.meta.url).href);

const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 1000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const PASSWORD = 'Bench!Password2026';
const TOPICS = ['enrolment', 'tuition', 'grades', 'schedule', 'transcript', 'scholarship', 'library', 'dormitory', 'clinic', 'parking', 'shuttle', 'canteen', 'laboratory', 'thesis', 'internship', 'uniform', 'ID card', 'Wi-Fi', 'portal', 'graduation'];
const ASPECTS = ['deadline', 'requirements', 'fee', 'office hours', 'form', 'appeal', 'refund', 'schedule', 'contact person', 'online request'];
const QUESTIONS = [
  'When is the enrolment deadline?', 'How much is the tuition fee?', 'Where do I file the grades appeal?', 'library office hours',
  'how to request a transcript online', 'Is there a bowling alley?', 'who won the game last night', 'parking fee for students',
  'graduation requirements', 'thesis form', 'shuttle schedule', 'how do I pay the dormitory fee', 'clinic contact person',
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function figures(name, times, totalMs) {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, perSecond: Math.round((times.length / totalMs) * 1000), p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}
async function timed(name, n, once) {
  const times = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once(i);
    times.push(performance.now() - t);
  }
  return figures(name, times, performance.now() - start);
}

const bank = [];
for (let i = 0; i < RESPONSES; i++) {
  const topic = TOPICS[i % TOPICS.length];
  const aspect = ASPECTS[Math.floor(i / TOPICS.length) % ASPECTS.length];
  bank.push({ title: `${topic} ${aspect} ${i}`, questions: `What is the ${aspect} for ${topic}?\n${topic} ${aspect}\nask about ${topic} ${aspect} number ${i}`, answer: `The ${aspect} for ${topic} (${i}) is posted by the office.` });
}

// A real SMTP server that accepts every message and counts it (reading each message to its end, not parsing it).
const { SMTPServer } = await import('smtp-server');
let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
// Pooled connections, as a production SMTP_URL would say (`?pool=true`), for the broadcast and the baseline alike.
const SMTP_URL = `smtp://127.0.0.1:${sink.server.address().port}/?pool=true`;

const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-chatbot-'));
const database = await openDatabase({});
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RESPONSE_ENCRYPTION: 'off', SESSION_SECRET: 'bench', SMTP_URL }),
  host: '127.0.0.1',
  port: 0,
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};
const app = await buildApp({ config, database, logger: false });
await insertAccount(database.db, { email: 'bench@example.edu', password: PASSWORD, firstName: 'Bench', lastName: 'Mark', adminScopes: ['CHATBOT'] }, config.argon2);
const { sql } = await import(new URL('../apps/api/node_modules/drizzle-orm/index.js', import.meta.url).href).catch(() => import('drizzle-orm'));
for (const r of bank) {
  await database.db.execute(sql`insert into chatbot_responses (title, questions, answer, category) values (${r.title}, ${r.questions}, ${r.answer}, 'GENERAL')`);
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${address.port}`;
const signIn = await fetch(`${base}/core/v1.0/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.edu', password: PASSWORD }) });
const token = (await signIn.json()).data.token;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

// Warm up both paths (the first answer builds the index).
for (let i = 0; i < 20; i++) {
  await (await fetch(`${base}/healthz`)).text();
  await (await fetch(`${base}/chatbot/v1.0/try`, { method: 'POST', headers, body: JSON.stringify({ message: QUESTIONS[i % QUESTIONS.length] }) })).text();
}
const baseline = await timed('baseline GET /healthz', REQUESTS, async () => (await fetch(`${base}/healthz`)).text());
let matched = 0;
const answers = await timed(`POST /chatbot/v1.0/try (${RESPONSES} responses)`, REQUESTS, async (i) => {
  const r = await fetch(`${base}/chatbot/v1.0/try`, { method: 'POST', headers, body: JSON.stringify({ message: QUESTIONS[i % QUESTIONS.length] }) });
  if ((await r.json()).data.match) matched += 1;
});
const matcher = new ResponseMatcher(bank.map((r, i) => ({ id: String(i), ...r })));
const inProcess = await timed(`ResponseMatcher.match in process (${RESPONSES} responses)`, REQUESTS * 4, async (i) => matcher.match(QUESTIONS[i % QUESTIONS.length], 3));

// The broadcast: RECIPIENTS subscribers, every one by email, through the job engine and the API's mailer.
await database.db.execute(
  sql`insert into chatbot_subscribers (first_name, last_name, kinds, email)
      select 'Student' || g, 'Bench', array['STUDENT'], 'student' || g || '@bench.example.edu' from generate_series(1, ${RECIPIENTS}) g`,
);
await fetch(`${base}/chatbot/v1.0/settings`, { method: 'PUT', headers, body: JSON.stringify({ emailPerMinute: 100_000 }) });
await app.jobs.start();
const created = await (
  await fetch(`${base}/chatbot/v1.0/broadcasts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ subject: 'Enrolment for [[first_name]]', message: 'Dear [[first_name]] [[last_name]], enrolment opens on Monday.', audience: 'STUDENTS', channels: ['EMAIL'] }),
  })
).json();
const broadcastId = created.data._id;
const sendStart = performance.now();
await fetch(`${base}/chatbot/v1.0/broadcasts/${broadcastId}/send`, { method: 'POST', headers: { authorization: headers.authorization } });
let status;
for (;;) {
  status = (await (await fetch(`${base}/chatbot/v1.0/broadcasts/${broadcastId}`, { headers })).json()).data;
  if (status.status !== 'SENDING') break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const broadcastMs = performance.now() - sendStart;
const broadcastReceived = received;
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

// The baseline: raw nodemailer sends of as many messages to the same sink, the same transport, one after another.
const nodemailer = (await import('nodemailer')).default;
const transport = nodemailer.createTransport(SMTP_URL);
received = 0;
const rawStart = performance.now();
for (let i = 0; i < RECIPIENTS; i++) {
  await transport.sendMail({
    from: 'bench@example.edu',
    to: `student${i}@bench.example.edu`,
    subject: `Enrolment for Student${i}`,
    text: `Dear Student${i} Bench, enrolment opens on Monday.\n\nTo stop receiving broadcasts, unsubscribe: http://127.0.0.1:3000/chat/unsubscribe/x\n`,
  });
}
const rawMs = performance.now() - rawStart;
transport.close();
await new Promise((resolve) => sink.close(resolve));

console.log(`Campus Chatbot benchmark — ${RESPONSES} responses, ${REQUESTS} requests each, load average ${loadavg()[0].toFixed(2)}`);
console.log('| path | answers/s | p50 ms | p95 ms |');
console.log('|---|---:|---:|---:|');
for (const f of [baseline, answers, inProcess]) console.log(`| ${f.name} | ${f.perSecond} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} |`);
console.log(`matched ${matched} of ${REQUESTS} questions; p95 answer / p95 baseline = ${(answers.p95 / baseline.p95).toFixed(2)}; target p95 ≤ 20 ms: ${answers.p95 <= 20 ? 'met' : 'not met'}`);
console.log('');
console.log(`Broadcast to ${RECIPIENTS} recipients by email through a real SMTP sink`);
console.log('| path | messages | seconds | deliveries/s |');
console.log('|---|---:|---:|---:|');
const rate = (n, ms) => Math.round((n / ms) * 1000);
console.log(`| baseline: raw nodemailer sends | ${RECIPIENTS} | ${(rawMs / 1000).toFixed(1)} | ${rate(RECIPIENTS, rawMs)} |`);
console.log(`| broadcast job (send → ${status.status}) | ${status.counts.sent} sent, ${status.counts.failed} failed; sink received ${broadcastReceived} | ${(broadcastMs / 1000).toFixed(1)} | ${rate(status.counts.sent, broadcastMs)} |`);
console.log(`broadcast deliveries/s ÷ raw sends/s = ${(rate(status.counts.sent, broadcastMs) / rate(RECIPIENTS, rawMs)).toFixed(2)}`);
