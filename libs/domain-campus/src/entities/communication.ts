import { CAMPUS_MODULES } from '../modules.js';
import { defineEntity, field, recordNamedBy } from '@campus/domain-core';
import { audienceOptions, profanityKindOptions } from '../coded.js';
import { orderRule, requiredWhen } from '../rules.js';
import { campusPath, ref } from './common.js';

/**
 * Announcements. The body is plain text or Markdown and is always shown escaped, never as HTML. Without a
 * `publishTo` an announcement stays up until it is deactivated.
 */
export const announcementEntity = defineEntity({
  resource: 'announcements',
  label: 'Announcement',
  pluralLabel: 'Announcements',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.announcements.code,
  consolePath: campusPath('announcements'),
  fields: {
    title: field.text('Title', { required: true, max: 200 }),
    body: field.textarea('Body', { required: true, max: 20000 }),
    audience: field.enum('Audience', audienceOptions, { required: true }),
    campusId: ref.campus(),
    publishFrom: field.datetime('Publish from', { required: true }),
    publishTo: field.datetime('Publish until'),
  },
  listColumns: ['title', 'audience', 'publishFrom', 'publishTo'],
  searchFields: ['title'],
  sortFields: ['title', 'publishFrom', 'publishTo'],
  filterFields: ['audience', 'campusId'],
  defaultSort: '-publishFrom',
  ...recordNamedBy('title'),
  rules: [
    orderRule('publishFrom', 'publishTo', 'datetime', 'The end of publishing must be after its start.'),
    requiredWhen('campusId', 'audience', 'CAMPUS', 'Choose the campus this announcement is for.'),
  ],
  sample: (s) => ({
    title: `Enrolment for the First Semester ${s}`,
    body: 'Enrolment runs from **3 to 14 August 2026**. Bring your admission slip and a valid ID.',
    audience: 'STUDENTS',
    publishFrom: '2026-07-20T08:00:00+08:00',
    publishTo: '2026-08-14T17:00:00+08:00',
  }),
});

/** The word bank that filters chatbot and announcement text (`findProfanity`). */
export const profanityWordEntity = defineEntity({
  resource: 'profanity-words',
  label: 'Word',
  pluralLabel: 'Word Bank',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.announcements.code,
  consolePath: campusPath('profanity'),
  fields: {
    word: field.text('Word or phrase', { required: true, max: 100 }),
    kind: field.enum('Kind', profanityKindOptions, { required: true }),
    description: field.text('Note', { max: 300 }),
  },
  listColumns: ['word', 'kind', 'description'],
  searchFields: ['word'],
  sortFields: ['word', 'kind'],
  filterFields: ['kind'],
  defaultSort: 'word',
  ...recordNamedBy('word', { field: 'word', label: 'Name' }),
  sample: (s) => ({ word: `bastos ${s}`, kind: 'BLOCK', description: 'Rude (Filipino).' }),
});
