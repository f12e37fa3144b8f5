import { sql } from 'drizzle-orm';
import { redactPersonalData, ResponseMatcher, DEFAULT_CHATBOT_SETTINGS, OPTED_OUT_REASON } from '@campus/domain-chatbot';
import { rows, type Db } from '../../platform/db/client.js';
import type { SeedRecord } from '../../platform/db/insert-rows.js';
import { hashToken, normalizeQuestion } from './state.js';

type Put = (resource: string, records: SeedRecord[]) => Promise<void>;

/** [category, office code, title, questions (one a line), answer] */
const BANK: readonly (readonly [string, string, string, string, string])[] = [
  ['ENROLMENT', 'REG', 'Enrolment dates', 'When is enrolment?\nenrolment schedule\nwhen can I enroll\nstart of enrollment', 'Enrolment for the first semester runs from 3 to 14 August; late enrolment until 21 August with a fee.'],
  ['ENROLMENT', 'REG', 'Enrolment requirements', 'What do I need to enroll?\nenrolment requirements\ndocuments for enrollment', 'Bring your admission slip, Form 138 or transcript, PSA birth certificate and two 2x2 photos.'],
  ['ENROLMENT', 'REG', 'Online enrolment', 'Can I enroll online?\nonline enrolment portal\nhow to enroll through the portal', 'Yes: sign in to the student portal, choose Enrolment, pick your sections and confirm; then pay the assessment.'],
  ['ENROLMENT', 'REG', 'Adding and dropping subjects', 'How do I add a subject?\ndrop a subject\nadding dropping period', 'Adding and dropping runs in the first two weeks of classes; file the form at the Registrar with your adviser’s signature.'],
  ['ENROLMENT', 'REG', 'Change of section', 'How do I change my section?\nswitch section\ntransfer to another section', 'Ask your department chair for a change-of-section slip, then have it encoded at the Registrar within the adding period.'],
  ['ENROLMENT', 'REG', 'Enrolment hold', 'Why is my enrolment on hold?\nhold on my account\nblocked enrollment', 'A hold comes from an unpaid balance, a missing document or a library fine; the portal names the office that placed it.'],
  ['ENROLMENT', 'REG', 'Cross-enrolment', 'Can I cross-enroll in another school?\ncross enrollment permit', 'Ask the Registrar for a cross-enrolment permit signed by your dean before enrolling at the other school.'],
  ['ENROLMENT', 'REG', 'Leave of absence', 'How do I file a leave of absence?\nLOA\nstop schooling for a semester', 'File a leave-of-absence form at the Registrar before the midterm; it keeps your slot for up to two semesters.'],
  ['ENROLMENT', 'REG', 'Shifting programs', 'How do I shift to another program?\nshift course\nchange my program', 'Shifting is filed during the last month of the semester with the approval of both deans; grades are evaluated first.'],
  ['ENROLMENT', 'REG', 'Freshman admission', 'How do I apply as a freshman?\nadmission for first year\ncollege entrance test', 'Apply online through the admission portal; the entrance test is held in January and results come out in April.'],
  ['FEES', 'CASH', 'Tuition fee', 'How much is the tuition?\ntuition fee per unit\ncost per semester', 'Tuition is free under the Universal Access to Quality Tertiary Education Act for qualified students; other fees are on your assessment.'],
  ['FEES', 'CASH', 'Paying fees', 'How do I pay my fees?\npayment options\nwhere to pay tuition', 'Pay at the Cashier (8:00 to 17:00), through the bank portal, or by GCash with your student number as reference.'],
  ['FEES', 'CASH', 'Installment payment', 'Can I pay in installments?\npartial payment\npromissory note', 'Yes: pay 40% at enrolment, 30% before the midterm and the rest before the finals; a promissory note is filed at the Cashier.'],
  ['FEES', 'CASH', 'Official receipt', 'Where is my official receipt?\nOR for online payment\nreceipt not received', 'Receipts of online payments are emailed within two working days; the Cashier reprints one on request.'],
  ['FEES', 'CASH', 'Refunds', 'How do I get a refund?\nrefund of overpayment\nmoney back after dropping', 'File a refund request at the Cashier with your receipt; refunds are released within 15 working days.'],
  ['FEES', 'CASH', 'Scholarship discount', 'My scholarship discount is missing\nscholarship not applied\ndiscount on fees', 'Bring your scholarship certificate to the Scholarship Office; the discount is applied to your next assessment.'],
  ['FEES', 'CASH', 'Miscellaneous fees', 'What are the miscellaneous fees?\nother school fees\nlaboratory fee', 'Miscellaneous fees cover the library, laboratories, ID and student activities; the breakdown is on your assessment form.'],
  ['FEES', 'CASH', 'Balance inquiry', 'How much is my balance?\nremaining balance\ncheck my account', 'Your balance is on the student portal under Account; the Cashier can print a statement of account.'],
  ['FEES', 'CASH', 'Graduation fee', 'How much is the graduation fee?\ngraduation payment\ntoga fee', 'The graduation fee is announced in February; it covers the toga, diploma cover and yearbook.'],
  ['FEES', 'CASH', 'Payment deadline', 'When is the payment deadline?\nlast day to pay\ndue date of fees', 'Balances are due one week before the final examinations; unpaid accounts cannot take the finals.'],
  ['SCHEDULES', 'REG', 'Class schedule', 'Where can I see my class schedule?\nmy schedule\ntimetable of classes', 'Your class schedule is on the student portal under Enrolment → Schedule, and on your certificate of registration.'],
  ['SCHEDULES', 'REG', 'Start of classes', 'When do classes start?\nfirst day of classes\nopening of the semester', 'Classes of the first semester start on 24 August.'],
  ['SCHEDULES', 'REG', 'Academic calendar', 'Where is the academic calendar?\nschool calendar\nholidays this semester', 'The academic calendar is posted on the university website and the student portal, with holidays and exam weeks.'],
  ['SCHEDULES', 'REG', 'Midterm examinations', 'When are the midterms?\nmidterm exam schedule\nmidterm week', 'Midterm examinations are held in the eighth week of classes; the schedule per subject is posted by each college.'],
  ['SCHEDULES', 'REG', 'Final examinations', 'When are the finals?\nfinal exam schedule\nfinals week', 'Final examinations are in the last week of the semester; check your college’s posted schedule.'],
  ['SCHEDULES', 'REG', 'Office hours', 'What are the office hours?\nwhen is the registrar open\nopening hours', 'The Registrar and the Cashier are open Monday to Friday, 8:00 to 17:00, without a lunch break.'],
  ['SCHEDULES', 'REG', 'Class suspension', 'Are classes suspended?\nno classes today\ntyphoon suspension', 'Suspensions are announced on the university’s page and by text blast; follow the local government’s announcements too.'],
  ['SCHEDULES', 'REG', 'Summer classes', 'Is there a summer term?\nsummer classes\nmidyear term', 'A midyear term runs in June and July for subjects with enough takers; enrolment opens in May.'],
  ['SCHEDULES', 'REG', 'Room of my class', 'Where is my classroom?\nroom assignment\nwhich room', 'Rooms are printed on your certificate of registration; changes are posted on the college bulletin board.'],
  ['SCHEDULES', 'REG', 'Graduation date', 'When is graduation?\ncommencement exercises\ngraduation ceremony date', 'Commencement exercises are held in the last week of June.'],
  ['GRADES', 'REG', 'Grade release', 'When are grades released?\nwhere can I see my grades\nrelease of grades', 'Grades are released on the student portal two weeks after the final examinations.'],
  ['GRADES', 'REG', 'Incomplete grade', 'How do I complete an INC?\nincomplete grade\nremoval of INC', 'Complete the requirements with your instructor within one year; the instructor files the completion form.'],
  ['GRADES', 'REG', 'Grading system', 'What is the grading system?\nhow are grades computed\npassing grade', 'Grades run from 1.00 (highest) to 5.00 (failed); 3.00 is the passing grade.'],
  ['GRADES', 'REG', 'Grade correction', 'My grade is wrong\ncorrection of grade\ndispute a grade', 'Talk to your instructor first; a correction is filed by the instructor with the dean’s approval within one semester.'],
  ['GRADES', 'REG', 'Dean’s list', 'How do I get on the dean’s list?\nhonor roll\nacademic honors', 'A general weighted average of 1.75 or better with no grade below 2.50 and a full load puts you on the dean’s list.'],
  ['GRADES', 'REG', 'Latin honors', 'What are the requirements for Latin honors?\ncum laude\nmagna cum laude', 'Summa cum laude 1.00–1.20, magna cum laude 1.21–1.45, cum laude 1.46–1.75, with no failing or dropped grade.'],
  ['RECORDS', 'REG', 'Transcript of records', 'How do I request a transcript?\nTOR request\ntranscript of records', 'Request your transcript at the Registrar or through the portal; it is ready in five working days.'],
  ['RECORDS', 'REG', 'Certificate of enrolment', 'How do I get a certificate of enrolment?\nproof of enrollment\nCOE', 'Certificates of enrolment are printed at the Registrar on the same day.'],
  ['RECORDS', 'ITS', 'Portal password', 'I forgot my portal password\nreset my password\ncannot sign in to the portal', 'Use “Forgot password” on the portal’s sign-in page; a reset code is sent to your university email.'],
  ['GENERAL', 'ITS', 'Campus Wi-Fi', 'How do I connect to the Wi-Fi?\ncampus wifi password\ninternet on campus', 'Connect to the campus Wi-Fi and sign in with your student number and portal password.'],
];

const DAY = 24 * 3600_000;

/**
 * Campus Chatbot demo data: about 40 responses on enrolment, fees, schedules and grades owned by the demo offices,
 * two personas (the default one and a formal one), the settings, subscribers linked to the demo students and
 * employees (one opted out) and an alumna who is also a guardian, a few conversations with their answers and
 * one unanswered question, and one broadcast sent three days ago with its deliveries.
 */
/** Demo alumni: first name, last name, program, graduation year, also a guardian. */
const ALUMNI: readonly (readonly [string, string, string, number, boolean])[] = [
  ['Andres', 'Villanueva', 'BS Civil Engineering', 2012, true],
  ['Gabriela', 'Silang', 'BS Nursing', 2015, false],
  ['Emilio', 'Navarro', 'BS Accountancy', 2009, true],
  ['Melchora', 'Ramos', 'AB Political Science', 2018, false],
  ['Apolinario', 'Reyes', 'BS Computer Science', 2020, false],
  ['Josefa', 'Llanes', 'BS Education', 2006, true],
  ['Marcelo', 'Hilario', 'BS Mechanical Engineering', 2016, false],
  ['Gregoria', 'Montoya', 'BS Biology', 2021, false],
  ['Juan', 'Luna', 'BFA Painting', 2011, false],
  ['Trinidad', 'Tecson', 'BS Social Work', 2004, true],
  ['Diego', 'Dela Paz', 'BS Information Technology', 2023, false],
  ['Leona', 'Florentino', 'AB Literature', 2014, false],
  ['Graciano', 'Lopez', 'BS Medical Technology', 2019, false],
  ['Marina', 'Dizon', 'BS Tourism Management', 2022, true],
];

export async function seedChatbot(db: Db, put: Put, options: { id: () => string; at: Date }): Promise<void> {
  const { id, at } = options;
  const offices = new Map((await rows<{ code: string; id: string }>(db, sql`select code, id from support_offices`)).map((o) => [o.code, o.id]));
  const responses = BANK.map(([category, office, title, questions, answer], n) => ({
    id: id(),
    title,
    questions,
    answer,
    category,
    officeId: offices.get(office) ?? null,
    // A few reviews are overdue so the list has something to flag.
    reviewBy: new Date(at.getTime() + (n % 9 === 0 ? -30 : 180) * DAY).toISOString().slice(0, 10),
  }));
  await put('chatbot-responses', responses);
  const iska = { id: id(), name: 'Iska', greeting: 'Hi! I am Iska, the university’s assistant. Ask me about enrolment, fees, schedules or grades.', fallback: 'Sorry, I do not have an answer to that yet. I have passed your question to the Registrar.', toneNote: 'Friendly, short sentences, Filipino and English both fine.' };
  const registrar = { id: id(), name: 'Office of the Registrar', greeting: 'Good day. This is the Office of the Registrar.', fallback: 'We could not find an answer to your question. Our staff will review it.', toneNote: 'Formal; used for official broadcasts.' };
  await put('chatbot-personas', [iska, registrar]);
  await db.execute(
    sql`insert into chatbot_settings (id, settings, updated_at) values (1, ${JSON.stringify({ ...DEFAULT_CHATBOT_SETTINGS, defaultPersonaId: iska.id })}::jsonb, ${at.toISOString()})
        on conflict (id) do nothing`,
  );

  // Subscribers: the first demo students and every demo employee with an email, consent given at enrolment or hire.
  const students = await rows<{ id: string; first_name: string; middle_name: string | null; last_name: string; email: string | null }>(
    db,
    sql`select id, first_name, middle_name, last_name, email from students where email is not null order by student_number limit 30`,
  );
  const employees = await rows<{ id: string; first_name: string; middle_name: string | null; last_name: string; email: string | null }>(
    db,
    sql`select id, first_name, middle_name, last_name, email from employees where email is not null order by last_name limit 30`,
  );
  const consentAt = new Date(at.getTime() - 90 * DAY).toISOString().slice(0, 10);
  const seen = new Set<string>();
  const subscribers: SeedRecord[] = [];
  for (const [kind, list] of [['STUDENT', students], ['EMPLOYEE', employees]] as const) {
    for (const [n, person] of list.entries()) {
      const email = person.email!.toLowerCase();
      if (seen.has(email)) continue;
      seen.add(email);
      subscribers.push({
        id: id(),
        firstName: person.first_name,
        middleName: person.middle_name,
        lastName: person.last_name,
        kinds: [kind],
        email,
        ...(kind === 'STUDENT' ? { studentId: person.id } : { employeeId: person.id }),
        consentAt,
        // One student has opted out (STOP), so broadcasts have someone to skip.
        ...(kind === 'STUDENT' && n === 3 ? { optedOutAt: at.toISOString().slice(0, 10) } : {}),
      });
    }
  }
  const teresa = { id: id(), firstName: 'Teresa', lastName: 'Magbanua', kinds: ['ALUMNUS', 'GUARDIAN'], email: 'teresa.magbanua@example.com', mobile: '+63 917 555 0142', consentAt };
  subscribers.push(teresa);
  // Alumni: graduates of the last decades, a few also guardians of current students; one withdrew the alumni consent.
  const alumni = ALUMNI.map(([firstName, lastName, program, graduationYear, guardian], n) => {
    const subscriber = {
      id: id(),
      firstName,
      lastName,
      kinds: guardian ? ['ALUMNUS', 'GUARDIAN'] : ['ALUMNUS'],
      email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]+/g, '') + '@alumni.example.edu',
      consentAt,
    };
    subscribers.push(subscriber);
    const given = new Date(at.getTime() - (120 + n * 11) * DAY).toISOString().slice(0, 10);
    return {
      id: id(),
      subscriberId: subscriber.id,
      program,
      graduationYear,
      consentAt: given,
      ...(n === 4 ? { consentWithdrawnAt: new Date(at.getTime() - 20 * DAY).toISOString().slice(0, 10), notes: 'Asked by email to leave the alumni mailings.' } : {}),
    };
  });
  alumni.push({ id: id(), subscriberId: teresa.id, program: 'BS Secondary Education', graduationYear: 1998, consentAt });
  await put('chatbot-subscribers', subscribers);
  await put('chatbot-alumni', alumni);

  const matcher = new ResponseMatcher(responses);
  const conversations = [
    ['When is enrolment for the first semester?', 'How do I pay my fees?'],
    ['Where can I see my grades?', 'My email is juan.delacruz@example.com, can you send them there?'],
    ['Is there a dress code for the library?'],
    ['When are the finals?', 'thank you'],
  ];
  for (const [n, messages] of conversations.entries()) {
    const start = new Date(at.getTime() - (n + 1) * DAY);
    const [conversation] = await rows<{ id: string }>(
      db,
      sql`insert into chatbot_conversations (token_hash, persona_id, started_at, last_at) values (${hashToken(id())}, ${iska.id}, ${start.toISOString()}, ${start.toISOString()}) returning id`,
    );
    for (const [i, message] of messages.entries()) {
      const when = new Date(start.getTime() + i * 60_000).toISOString();
      const text = redactPersonalData(message);
      const result = matcher.match(text, DEFAULT_CHATBOT_SETTINGS.scoreThreshold);
      const reply = result.match ? responses.find((r) => r.id === result.match!.id)!.answer : iska.fallback;
      await db.execute(sql`insert into chatbot_messages (conversation_id, sender, body, created_at) values (${conversation!.id}, 'visitor', ${text}, ${when})`);
      await db.execute(
        sql`insert into chatbot_messages (conversation_id, sender, body, matched, response_id, score, created_at)
            values (${conversation!.id}, 'bot', ${reply}, ${result.match !== null}, ${result.match?.id ?? null}, ${result.best?.score ?? null}, ${when})`,
      );
      if (!result.match) {
        await db.execute(
          sql`insert into chatbot_unanswered (question, normalized, best_response_id, best_score, created_at, last_asked_at)
              values (${text}, ${normalizeQuestion(text)}, ${result.best?.id ?? null}, ${result.best?.score ?? null}, ${when}, ${when}) on conflict (normalized) do nothing`,
        );
      }
      await db.execute(sql`update chatbot_conversations set last_at = ${when} where id = ${conversation!.id}`);
    }
  }
  await seedPastBroadcast(db, { id, at, persona: registrar, subscribers: subscribers.filter((s) => (s.kinds as string[]).includes('STUDENT')) });
}

/**
 * One broadcast sent three days ago to the students by email and web chat, with its deliveries: most sent (and in
 * the web chat inboxes), two emails refused by the mail server, the opted-out student skipped on both channels.
 */
async function seedPastBroadcast(
  db: Db,
  options: { id: () => string; at: Date; persona: { id: string; name: string }; subscribers: SeedRecord[] },
): Promise<void> {
  const { id, at, persona, subscribers } = options;
  const started = new Date(at.getTime() - 3 * DAY + 9 * 3_600_000);
  const finished = new Date(started.getTime() + 4 * 60_000);
  const broadcastId = id();
  const message = 'Good day, [[first_name]]. Enrolment for the second semester opens on Monday. Settle your balance at the Cashier before you enrol.';
  await db.execute(
    sql`insert into chatbot_broadcasts (id, subject, message, persona_id, audience, channels, status, started_at, finished_at, created_at, updated_at)
        values (${broadcastId}, 'Second-semester enrolment opens Monday', ${message}, ${persona.id}, 'STUDENTS', array['EMAIL', 'WEB_CHAT'], 'SENT',
                ${started.toISOString()}, ${finished.toISOString()}, ${started.toISOString()}, ${finished.toISOString()})`,
  );
  for (const [n, subscriber] of subscribers.entries()) {
    const optedOut = Boolean(subscriber.optedOutAt);
    const body = message.replace('[[first_name]]', String(subscriber.firstName));
    for (const channel of ['EMAIL', 'WEB_CHAT'] as const) {
      const refused = channel === 'EMAIL' && !optedOut && (n === 7 || n === 19);
      const status = optedOut ? 'SKIPPED' : refused ? 'FAILED' : 'SENT';
      const reason = optedOut ? OPTED_OUT_REASON : refused ? 'The mail server refused it: 550 5.1.1 Mailbox unavailable' : null;
      await db.execute(
        sql`insert into chatbot_deliveries (broadcast_id, subscriber_id, channel, status, reason, attempts, sent_at, created_at, updated_at)
            values (${broadcastId}, ${String(subscriber.id)}, ${channel}, ${status}, ${reason}, ${optedOut ? 0 : refused ? 3 : 1},
                    ${status === 'SENT' ? finished.toISOString() : null}, ${started.toISOString()}, ${finished.toISOString()})`,
      );
      if (status === 'SENT' && channel === 'WEB_CHAT') {
        await db.execute(
          sql`insert into chatbot_inbox (subscriber_id, broadcast_id, persona, body, created_at)
              values (${String(subscriber.id)}, ${broadcastId}, ${persona.name}, ${body}, ${finished.toISOString()})`,
        );
      }
    }
  }
}
