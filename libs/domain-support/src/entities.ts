import { type AnyEntity, defineEntity, field, namedRecord } from '@campus/domain-core';
import { MAX_CATEGORY_DEPTH } from './categories.js';
import { parseIntakeForm } from './intake.js';
import { HOURS_PATTERN, parseHolidays, parseOpeningHours, WEEKDAY_CODES } from './sla.js';
import { ticketPriorityOptions } from './tickets.js';

/** Console path of a Customer Support Management screen. */
export const supportConsolePath = (screen: string): string => `/app/support-management/${screen}`;

const CODE = { regex: /^[A-Z0-9][A-Z0-9_-]{0,29}$/, message: 'Use capital letters, digits, - and _ (up to 30).' };
const DAY_NAMES: Record<(typeof WEEKDAY_CODES)[number], string> = {
  M: 'Monday',
  T: 'Tuesday',
  W: 'Wednesday',
  TH: 'Thursday',
  F: 'Friday',
  S: 'Saturday',
  A: 'Sunday',
};
const hoursField = (code: (typeof WEEKDAY_CODES)[number]) =>
  field.text(`${DAY_NAMES[code]} hours`, {
    max: 11,
    pattern: { regex: HOURS_PATTERN, message: 'Enter hours as hh:mm-hh:mm (e.g. 08:00-17:00), or leave empty for closed.' },
  });

/** The office field names of the business hours, Monday first: `hoursM` … `hoursA`. */
export const OFFICE_HOURS_FIELDS = WEEKDAY_CODES.map((c) => `hours${c}` as const);

/** Office hours 08:00–17:00 Monday to Friday, closed at the weekend: the hours most offices keep. */
export const WEEKDAYS_EIGHT_TO_FIVE = {
  hoursM: '08:00-17:00',
  hoursT: '08:00-17:00',
  hoursW: '08:00-17:00',
  hoursTH: '08:00-17:00',
  hoursF: '08:00-17:00',
} as const;

/** A service office of the university (Registrar, Cashier, IT Services…): where tickets land and whose hours count. */
export const supportOfficeEntity = defineEntity({
  resource: 'support-offices',
  label: 'Office',
  pluralLabel: 'Offices',
  application: 'SUPPORT',
  consolePath: supportConsolePath('offices'),
  fields: {
    code: field.text('Code', { required: true, max: 30, mask: 'upper', pattern: CODE }),
    name: field.text('Name', { required: true, max: 150 }),
    campusId: field.reference('Campus', 'campuses'),
    email: field.email('Email', { description: 'Mail to this address opens a ticket for the office.' }),
    utcOffsetMinutes: field.integer('UTC offset (minutes)', { min: -720, max: 840, description: 'Philippine time is 480.' }),
    hoursM: hoursField('M'),
    hoursT: hoursField('T'),
    hoursW: hoursField('W'),
    hoursTH: hoursField('TH'),
    hoursF: hoursField('F'),
    hoursS: hoursField('S'),
    hoursA: hoursField('A'),
    holidays: field.textarea('Holidays', { max: 20_000, description: 'One a line: yyyy-mm-dd and a name (academic breaks included).' }),
  },
  listColumns: ['code', 'name', 'campusId', 'email', 'hoursM'],
  searchFields: ['code', 'name', 'email'],
  sortFields: ['code', 'name'],
  filterFields: ['campusId'],
  defaultSort: 'name',
  ...namedRecord('code', 'name'),
  rules: [
    (v) => {
      const problems: { field: string; message: string }[] = [];
      for (const f of OFFICE_HOURS_FIELDS) {
        if (typeof v[f] === 'string' && parseOpeningHours(v[f] as string) === null) problems.push({ field: f, message: 'Closing must come after opening.' });
      }
      const { badLine } = parseHolidays(v.holidays as string | undefined);
      if (badLine) problems.push({ field: 'holidays', message: `Start each line with a date as yyyy-mm-dd: “${badLine}”.` });
      return problems;
    },
  ],
  sample: (s) => ({
    code: `REG${s}`.toUpperCase().slice(0, 30),
    name: `Office of the Registrar ${s}`,
    email: `registrar${s}@example.edu`.toLowerCase(),
    utcOffsetMinutes: 480,
    ...WEEKDAYS_EIGHT_TO_FIVE,
    holidays: '2026-12-25 Christmas Day\n2026-12-30 Rizal Day',
  }),
});

/** A group of agents (console users) inside an office, with a lead; an agent can be in several teams. */
export const supportTeamEntity = defineEntity({
  resource: 'support-teams',
  label: 'Team',
  pluralLabel: 'Teams',
  application: 'SUPPORT',
  consolePath: supportConsolePath('teams'),
  fields: {
    code: field.text('Code', { required: true, max: 30, mask: 'upper', pattern: CODE }),
    name: field.text('Name', { required: true, max: 150 }),
    officeId: field.reference('Office', 'support-offices', { required: true }),
    leadId: field.reference('Lead', 'users', { labelField: 'email' }),
    agentIds: field.references('Agents', 'users', { labelField: 'email' }),
    absentAgentIds: field.references('Absent agents', 'users', { labelField: 'email', description: 'Skipped by automatic assignment until removed here.' }),
    capacityPerAgent: field.integer('Open tickets per agent', { min: 1, max: 500, description: 'Round-robin skips an agent at this many open tickets.' }),
  },
  listColumns: ['code', 'name', 'officeId', 'leadId', 'capacityPerAgent'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['officeId', 'leadId'],
  defaultSort: 'name',
  unique: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name', scope: ['officeId'] },
  ],
  displayField: 'name',
  state: { kind: 'isActive' },
  sample: (s) => ({ code: `TEAM${s}`.toUpperCase().slice(0, 30), name: `Records Desk ${s}`, capacityPerAgent: 20 }),
});

/** First-response and resolution targets per priority, in the office's business minutes. */
export const slaPolicyEntity = defineEntity({
  resource: 'sla-policies',
  label: 'SLA Policy',
  pluralLabel: 'SLA Policies',
  application: 'SUPPORT',
  consolePath: supportConsolePath('sla-policies'),
  fields: {
    code: field.text('Code', { required: true, max: 30, mask: 'upper', pattern: CODE }),
    name: field.text('Name', { required: true, max: 150 }),
    firstResponseLow: field.integer('First response, low (min)', { min: 1, max: 100_000 }),
    firstResponseNormal: field.integer('First response, normal (min)', { min: 1, max: 100_000 }),
    firstResponseHigh: field.integer('First response, high (min)', { min: 1, max: 100_000 }),
    firstResponseUrgent: field.integer('First response, urgent (min)', { min: 1, max: 100_000 }),
    resolutionLow: field.integer('Resolution, low (min)', { min: 1, max: 1_000_000 }),
    resolutionNormal: field.integer('Resolution, normal (min)', { min: 1, max: 1_000_000 }),
    resolutionHigh: field.integer('Resolution, high (min)', { min: 1, max: 1_000_000 }),
    resolutionUrgent: field.integer('Resolution, urgent (min)', { min: 1, max: 1_000_000 }),
  },
  listColumns: ['code', 'name', 'firstResponseNormal', 'resolutionNormal'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: [],
  defaultSort: 'name',
  ...namedRecord('code', 'name'),
  sample: (s) => ({
    code: `STD${s}`.toUpperCase().slice(0, 30),
    name: `Standard ${s}`,
    firstResponseNormal: 240,
    resolutionNormal: 1440,
  }),
});

export const audienceOptions = [
  { value: 'students', label: 'Students' },
  { value: 'staff', label: 'Staff' },
  { value: 'public', label: 'Public' },
  { value: 'internal', label: 'Internal only' },
] as const;

/** The categoriesV2 tree: office/service → category → sub-category; a node inherits what it leaves unset. */
export const supportCategoryV2Entity = defineEntity({
  resource: 'support-categories-v2',
  label: 'Category',
  pluralLabel: 'Categories (v2)',
  application: 'SUPPORT',
  consolePath: supportConsolePath('categoriesV2'),
  fields: {
    code: field.text('Code', { required: true, max: 30, mask: 'upper', pattern: CODE }),
    name: field.text('Name', { required: true, max: 150 }),
    parentId: field.reference('Parent', 'support-categories-v2', { description: `Up to ${MAX_CATEGORY_DEPTH} levels.` }),
    officeId: field.reference('Office', 'support-offices', { description: 'Inherited from the parent when empty.' }),
    teamId: field.reference('Default team', 'support-teams', { description: 'Inherited from the parent when empty.' }),
    priority: field.enum('Default priority', ticketPriorityOptions),
    slaPolicyId: field.reference('SLA policy', 'sla-policies'),
    intakeForm: field.textarea('Intake form', {
      max: 5000,
      description: 'One field a line: key | Label | text, number, date or choice | choices, comma-separated | required',
    }),
    cannedResponses: field.textarea('Canned responses', {
      max: 20_000,
      description: 'Blocks separated by a line ---; the first line of each is its title. [[requester_name]], [[ticket_reference]], [[first_name]]… are filled in.',
    }),
    audience: field.multiEnum('Audience', audienceOptions),
    sortOrder: field.integer('Sort order', { min: 0, max: 10_000 }),
  },
  listColumns: ['code', 'name', 'parentId', 'officeId', 'teamId', 'priority', 'sortOrder'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'sortOrder'],
  filterFields: ['parentId', 'officeId', 'teamId'],
  defaultSort: 'sortOrder',
  ...namedRecord('code'),
  rules: [
    (v) => {
      const { problem } = parseIntakeForm(v.intakeForm as string | undefined);
      return problem ? [{ field: 'intakeForm', message: problem }] : [];
    },
  ],
  sample: (s) => ({ code: `CAT${s}`.toUpperCase().slice(0, 30), name: `Transcript of Records ${s}`, priority: 'normal', sortOrder: 1 }),
});

/** Issue categories as the spec has them (v1): a flat list, each mapped to a categoriesV2 leaf. */
export const supportCategoryEntity = defineEntity({
  resource: 'support-categories',
  label: 'Issue Category',
  pluralLabel: 'Issue Categories',
  application: 'SUPPORT',
  consolePath: supportConsolePath('categories'),
  fields: {
    code: field.text('Code', { required: true, max: 30, mask: 'upper', pattern: CODE }),
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 1000 }),
    categoryV2Id: field.reference('Maps to (v2)', 'support-categories-v2', { description: 'Tickets filed under this category are routed by that v2 category.' }),
  },
  listColumns: ['code', 'name', 'description', 'categoryV2Id'],
  searchFields: ['code', 'name', 'description'],
  sortFields: ['code', 'name'],
  filterFields: ['categoryV2Id'],
  defaultSort: 'name',
  ...namedRecord('code', 'name'),
  sample: (s) => ({ code: `ISS${s}`.toUpperCase().slice(0, 30), name: `Enrollment ${s}`, description: 'Enrollment and registration.' }),
});

/** Every support entity, in menu order. */
export const supportEntities: readonly AnyEntity[] = [
  supportCategoryEntity,
  supportCategoryV2Entity,
  supportTeamEntity,
  supportOfficeEntity,
  slaPolicyEntity,
];
