// Campus Chatbot benchmark (npm run bench:chatbot), on PGlite (or, with BENCH_PG_URL, on a scratch database of that
// PostgreSQL server, created and dropped by the run), in one run:
//   1. the baseline: `GET /healthz` over HTTP, one request at a time (an answer that does no work);
//   2. `POST /chatbot/v1.0/try` over HTTP against a bank of BENCH_RESPONSES responses (default 1,000), one at a
//      time, with a mix of questions that match and questions that do not;
//   3. the matcher alone (`ResponseMatcher.match`, in process) on the same bank.
//   4. for each count of BENCH_RECIPIENTS (default `10000,30000`), a broadcast to that many subscribers by email,
//      sent by the `chatbot-broadcast` job through a real SMTP sink (smtp-server), against the baseline of raw
//      nodemailer sends of as many messages to the same sink through a pooled transport of BENCH_SMTP_CONNECTIONS
//      connections (default 5, nodemailer's own default) kept full (two messages waiting per connection) — before
//      and after the broadcast, the faster kept, as the machine's speed drifts.
// Prints answers per second and p50/p95 latency of each, and the ratio of the answer's p95 to the baseline's
// (issue 12's target: p95 of an answer at most 20 ms); deliveries per second of each broadcast against raw sends
// and their ratio (issue 36's target: at least 0.8). BENCH_CASES=answers or BENCH_CASES=broadcast runs one part.
// Build first: npx nx run-many -t build --projects=tag:lib,@campus/api.
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
const COUNTS = (process.env.BENCH_RECIPIENTS ?? '10000,30000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 5);
const CASES = (process.env.BENCH_CASES ?? 'answers,broadcast').split(',');
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
/** When the first and the last message of a run arrived (performance.now()). */
let firstAt;
let lastAt;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      lastAt = performance.now();
      firstAt ??= lastAt;
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
// Pooled connections, as a production SMTP_URL says (`?pool=true&maxConnections=…`), for the broadcast and the baseline alike.
const SMTP_URL = `smtp://127.0.0.1:${sink.server.address().port}/?pool=true&maxConnections=${CONNECTIONS}`;
const { sql } = await import(new URL('../apps/api/node_modules/drizzle-orm/index.js', import.meta.url).href).catch(() => import('drizzle-orm'));

const { scratchPostgres } = await import('./lib/scratch.mjs');

/** A fresh API on its own database (embedded, or a scratch PostgreSQL one), listening, with a CHATBOT administrator signed in. */
async function startApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-bench-chatbot-'));
  const scratch = process.env.BENCH_PG_URL ? await scratchPostgres(process.env.BENCH_PG_URL, 'campus_bench_chatbot') : undefined;
  // On disk, as the API keeps its embedded database in production (DATA_DIR).
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RESPONSE_ENCRYPTION: 'off', SESSION_SECRET: 'bench', SMTP_URL }),
    host: '127.0.0.1',
    port: 0,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  };
  const app = await buildApp({ config, database, logger: false });
  await insertAccount(database.db, { email: 'bench@example.edu', password: PASSWORD, firstName: 'Bench', lastName: 'Mark', adminScopes: ['CHATBOT'] }, config.argon2);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const signIn = await fetch(`${base}/core/v1.0/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.edu', password: PASSWORD }) });
  const token = (await signIn.json()).data.token;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return {
    app,
    database,
    base,
    headers,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const rate = (n, ms) => Math.round((n / ms) * 1000);

if (CASES.includes('answers')) {
  const { app, database, base, headers, close } = await startApi();
  for (const r of bank) {
    await database.db.execute(sql`insert into chatbot_responses (title, questions, answer, category) values (${r.title}, ${r.questions}, ${r.answer}, 'GENERAL')`);
  }
  void app;
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
  await close();
  console.log(`Campus Chatbot benchmark — ${RESPONSES} responses, ${REQUESTS} requests each, load average ${loadavg()[0].toFixed(2)}`);
  console.log('| path | answers/s | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const f of [baseline, answers, inProcess]) console.log(`| ${f.name} | ${f.perSecond} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} |`);
  console.log(`matched ${matched} of ${REQUESTS} questions; p95 answer / p95 baseline = ${(answers.p95 / baseline.p95).toFixed(2)}; target p95 ≤ 20 ms: ${answers.p95 <= 20 ? 'met' : 'not met'}`);
  console.log('');
}

/**
 * The baseline: raw nodemailer sends of `n` messages to the same sink through a pooled transport of CONNECTIONS
 * connections, kept full (two messages waiting per connection). Milliseconds.
 */
async function rawSends(n) {
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport(SMTP_URL);
  received = 0;
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      await transport.sendMail({
        from: 'bench@example.edu',
        to: `student${i}@bench.example.edu`,
        subject: `Enrolment for Student${i}`,
        text: `Dear Student${i} Bench, enrolment opens on Monday.\n\n— Campus Bot\n\nYou receive this message as a subscriber of the campus chatbot. To stop receiving broadcasts, unsubscribe: http://127.0.0.1:3000/chat/unsubscribe/x\n`,
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, worker));
  const ms = performance.now() - start;
  transport.close();
  if (received !== n) throw new Error(`the sink received ${received} of ${n} raw sends`);
  return ms;
}

/** A broadcast to `n` subscribers by email, from the send to its end, on a fresh API. */
async function broadcastRun(n) {
  const { app, database, base, headers, close } = await startApi();
  // The broadcast: n subscribers, every one by email, through the job engine and the API's mailer.
  await database.db.execute(
    sql`insert into chatbot_subscribers (first_name, last_name, kinds, email)
        select 'Student' || g, 'Bench', array['STUDENT'], 'student' || g || '@bench.example.edu' from generate_series(1, ${n}) g`,
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
  received = 0;
  firstAt = undefined;
  const start = performance.now();
  await fetch(`${base}/chatbot/v1.0/broadcasts/${broadcastId}/send`, { method: 'POST', headers: { authorization: headers.authorization } });
  let status;
  for (;;) {
    status = (await (await fetch(`${base}/chatbot/v1.0/broadcasts/${broadcastId}`, { headers })).json()).data;
    if (status.status !== 'SENDING') break;
    // Asked twice a second, as a console screen that follows a broadcast would, not more: each answer counts every delivery.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const ms = performance.now() - start;
  const sinkReceived = received;
  const end = performance.now();
  await close();
  return { ms, status, sinkReceived, first: firstAt - start, tail: end - lastAt };
}

if (CASES.includes('broadcast')) {
  const lines = [];
  for (const n of COUNTS) {
    const before = await rawSends(n);
    const b = await broadcastRun(n);
    const after = await rawSends(n);
    const raw = Math.min(before, after);
    const ratio = rate(b.status.counts.sent, b.ms) / rate(n, raw);
    lines.push(`| ${n} | ${rate(n, raw)} (${(raw / 1000).toFixed(1)} s; other run ${rate(n, Math.max(before, after))}) | ${b.status.status}: ${b.status.counts.sent} sent, ${b.status.counts.failed} failed; sink received ${b.sinkReceived} | ${rate(b.status.counts.sent, b.ms)} (${(b.ms / 1000).toFixed(1)} s; first email after ${(b.first / 1000).toFixed(1)} s, end seen ${(b.tail / 1000).toFixed(1)} s after the last) | ${ratio.toFixed(2)} ${ratio >= 0.8 ? 'met' : 'missed'} |`);
    if (b.sinkReceived !== n || b.status.counts.sent !== n) lines.push(`  exactly once broken: ${n} recipients, ${b.status.counts.sent} marked sent, ${b.sinkReceived} received`);
  }
  console.log(`Broadcast by email through a real SMTP sink, on ${process.env.BENCH_PG_URL ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} pooled SMTP connections; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| recipients | baseline: raw nodemailer, pooled, deliveries/s | broadcast job | broadcast deliveries/s | ratio (target ≥ 0.8) |');
  console.log('|---:|---:|---|---:|---:|');
  for (const line of lines) console.log(line);
}
await new Promise((resolve) => sink.close(resolve));
