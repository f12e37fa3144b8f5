import { type AnyEntity, codedValues, defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';

/** Console path of a Campus Chatbot Management screen. */
export const chatbotConsolePath = (screen: string): string => `/app/chatbot-management/${screen}`;

export const responseCategoryOptions = codedValues([
  ['ENROLMENT', 'Enrolment'],
  ['FEES', 'Fees and payments'],
  ['SCHEDULES', 'Schedules'],
  ['GRADES', 'Grades'],
  ['RECORDS', 'Records and documents'],
  ['GENERAL', 'General'],
]);

/** One answer of the bank: the questions and keywords that trigger it, and what the bot says. */
export const chatbotResponseEntity = defineEntity({
  resource: 'chatbot-responses',
  label: 'Response',
  pluralLabel: 'Responses',
  application: 'CHATBOT',
  consolePath: chatbotConsolePath('responses'),
  fields: {
    title: field.text('Title', { required: true, max: 150 }),
    questions: field.textarea('Questions and keywords', {
      required: true,
      max: 5000,
      description: 'One question or keyword list a line: how people ask for this answer.',
    }),
    answer: field.textarea('Answer', { required: true, max: 5000, description: '[[first_name]] and the other placeholders are filled in.' }),
    category: field.enum('Category', responseCategoryOptions, { required: true }),
    officeId: field.reference('Office', 'support-offices', { description: 'The office that owns and reviews this answer.' }),
    reviewBy: field.date('Review by', { description: 'Overdue answers are flagged on the list.' }),
  },
  // Importable through Data Migration (CSV or XLSX, with the error file); the list's CSV export has the same fields.
  template: ['title', 'questions', 'answer', 'category', 'officeCode', 'reviewBy'],
  listColumns: ['title', 'category', 'officeId', 'reviewBy'],
  searchFields: ['title', 'questions', 'answer'],
  sortFields: ['title', 'category', 'reviewBy'],
  filterFields: ['category', 'officeId'],
  defaultSort: 'title',
  ...recordNamedBy('title'),
  sample: (s) => ({
    title: `Enrolment dates ${s}`,
    questions: `When is enrolment ${s}?\nenrolment schedule ${s}`,
    answer: 'Enrolment for the first semester runs from 3 to 14 August.',
    category: 'ENROLMENT',
    reviewBy: '2027-06-30',
  }),
});

/** How the bot speaks: its name, greeting and fallback; one persona is the default (settings). */
export const chatbotPersonaEntity = defineEntity({
  resource: 'chatbot-personas',
  label: 'Persona',
  pluralLabel: 'Personas',
  application: 'CHATBOT',
  consolePath: chatbotConsolePath('personas'),
  fields: {
    name: field.text('Name', { required: true, max: 50 }),
    avatarUrl: field.url('Avatar'),
    greeting: field.textarea('Greeting', { required: true, max: 1000 }),
    fallback: field.textarea('Fallback answer', { required: true, max: 1000, description: 'Sent when no response matches well enough.' }),
    toneNote: field.textarea('Tone note', { max: 1000 }),
  },
  listColumns: ['name', 'greeting', 'fallback'],
  searchFields: ['name', 'greeting'],
  sortFields: ['name'],
  filterFields: [],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({
    name: `Iska ${s}`.slice(0, 50),
    greeting: 'Hello! I am Iska. Ask me about enrolment, fees, schedules or grades.',
    fallback: 'Sorry, I do not know that yet. I passed your question to the Registrar.',
  }),
});

export const subscriberKindOptions = codedValues([
  ['STUDENT', 'Student'],
  ['EMPLOYEE', 'Employee'],
  ['GUARDIAN', 'Guardian'],
  ['ALUMNUS', 'Alumnus'],
  ['OTHER', 'Other'],
]);

const MOBILE = { regex: /^\+?[0-9][0-9 -]{6,18}[0-9]$/, message: 'Enter a mobile number such as +63 917 123 4567.' };

/**
 * Everyone the bot can reach: linked to a student or employee record where one exists, with channel addresses,
 * consent and opt-out dates. A subscriber can be several kinds at once (an alumnus who is also a guardian).
 */
export const chatbotSubscriberEntity = defineEntity({
  resource: 'chatbot-subscribers',
  label: 'Subscriber',
  pluralLabel: 'Subscribers',
  application: 'CHATBOT',
  consolePath: chatbotConsolePath('subscribers'),
  fields: {
    firstName: field.text('First name', { required: true, max: 100 }),
    middleName: field.text('Middle name', { max: 100 }),
    lastName: field.text('Last name', { required: true, max: 100 }),
    kinds: field.multiEnum('Kinds', subscriberKindOptions, { required: true }),
    email: field.email('Email'),
    mobile: field.text('Mobile number', { max: 20, pattern: MOBILE }),
    studentId: field.reference('Student record', 'students', { labelField: 'lastName' }),
    employeeId: field.reference('Employee record', 'employees', { labelField: 'lastName' }),
    consentAt: field.date('Consent given on'),
    optedOutAt: field.date('Opted out on', { description: 'Set by STOP in the chat or the unsubscribe link; broadcasts skip this subscriber.' }),
  },
  // Importable through Data Migration; the email identifies a subscriber already on record (updated, not doubled).
  template: ['names', 'kinds', 'email', 'mobile', 'consentAt', 'optedOutAt'],
  listColumns: ['lastName', 'firstName', 'kinds', 'email', 'consentAt', 'optedOutAt'],
  searchFields: ['lastName', 'firstName', 'email'],
  sortFields: ['lastName', 'firstName', 'consentAt'],
  filterFields: ['studentId', 'employeeId'],
  defaultSort: 'lastName',
  ...recordNamedBy('lastName', { field: 'email', label: 'Email' }),
  rules: [
    (v) => {
      const problems: { field: string; message: string }[] = [];
      if (!v.email && !v.mobile) problems.push({ field: 'email', message: 'Enter an email or a mobile number.' });
      const kinds = Array.isArray(v.kinds) ? (v.kinds as string[]) : [];
      if (v.studentId && !kinds.includes('STUDENT')) problems.push({ field: 'kinds', message: 'A subscriber linked to a student record is a Student.' });
      if (v.employeeId && !kinds.includes('EMPLOYEE')) problems.push({ field: 'kinds', message: 'A subscriber linked to an employee record is an Employee.' });
      return problems;
    },
  ],
  sample: (s) => ({
    firstName: 'Maria',
    lastName: `Santos ${s}`.slice(0, 100),
    kinds: ['ALUMNUS', 'GUARDIAN'],
    email: `maria.santos${s}@example.com`.toLowerCase(),
    consentAt: '2026-06-01',
  }),
});

/** The earliest graduation year an alumni record takes. */
export const FIRST_GRADUATION_YEAR = 1900;

/**
 * The alumni segment: a subscriber who graduated, with the alumni office's own consent (given, and withdrawn) apart
 * from the subscriber's broadcast consent. One record per subscriber; the subscriber may be a guardian as well.
 */
export const chatbotAlumnusEntity = defineEntity({
  resource: 'chatbot-alumni',
  label: 'Alumnus',
  pluralLabel: 'Alumni',
  application: 'CHATBOT',
  consolePath: chatbotConsolePath('alumni'),
  fields: {
    subscriberId: field.reference('Subscriber', 'chatbot-subscribers', { required: true, labelField: 'lastName' }),
    program: field.text('Program', { required: true, max: 200, description: 'The degree or course completed, e.g. BS Computer Science.' }),
    graduationYear: field.integer('Graduation year', { required: true, min: FIRST_GRADUATION_YEAR, max: 9999 }),
    studentId: field.reference('Student record', 'students', { labelField: 'lastName' }),
    consentAt: field.date('Alumni consent given on', { required: true }),
    consentWithdrawnAt: field.date('Alumni consent withdrawn on', { description: 'Alumni broadcasts leave this person out from this day.' }),
    notes: field.textarea('Notes', { max: 1000 }),
  },
  listColumns: ['subscriberId', 'program', 'graduationYear', 'consentAt', 'consentWithdrawnAt'],
  searchFields: ['program'],
  sortFields: ['graduationYear', 'program', 'consentAt'],
  filterFields: ['subscriberId', 'studentId'],
  defaultSort: '-graduationYear',
  // One record per subscriber: the API refuses a second (areas/chatbot-management/hooks/alumni.ts) and a unique index holds it.
  ...recordNamedBy('program'),
  rules: [
    (v) => {
      const problems: { field: string; message: string }[] = [];
      const year = typeof v.graduationYear === 'number' ? v.graduationYear : null;
      if (year !== null && year > new Date().getFullYear()) problems.push({ field: 'graduationYear', message: 'A graduation year cannot be in the future.' });
      if (typeof v.consentAt === 'string' && typeof v.consentWithdrawnAt === 'string' && v.consentWithdrawnAt < v.consentAt) {
        problems.push({ field: 'consentWithdrawnAt', message: 'Consent cannot be withdrawn before it was given.' });
      }
      return problems;
    },
  ],
  sample: (s) => ({
    program: `BS Computer Science ${s}`.slice(0, 200),
    graduationYear: 2019,
    consentAt: '2026-06-01',
  }),
});

/** Every chatbot entity, in menu order. */
export const chatbotEntities: readonly AnyEntity[] = [chatbotResponseEntity, chatbotPersonaEntity, chatbotSubscriberEntity, chatbotAlumnusEntity];
