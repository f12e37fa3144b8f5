import { z } from 'zod';
import { codedValues } from '@campus/domain-core';
import { TEMPLATE_PLACEHOLDERS } from '@campus/formatters';

/** Broadcast audience (spec §4 coded values). */
export const broadcastAudienceOptions = codedValues([
  ['ALL', 'Everyone'],
  ['CAMPUS', 'Students of campuses'],
  ['DEPARTMENTS', 'Employees of departments'],
  ['DESIGNATIONS', 'Employees with designations'],
  ['EMPLOYEES', 'All employees'],
  ['STUDENTS', 'All students'],
  ['GUARDIANS', 'All guardians'],
  ['CUSTOM', 'Chosen subscribers'],
]);
export type BroadcastAudience = (typeof broadcastAudienceOptions)[number]['value'];

/** Audiences narrowed by chosen records (campuses, departments, designations or subscribers). */
export const AUDIENCES_WITH_IDS: readonly BroadcastAudience[] = ['CAMPUS', 'DEPARTMENTS', 'DESIGNATIONS', 'CUSTOM'];

export const AudienceSchema = z
  .object({
    audience: z.enum(broadcastAudienceOptions.map((o) => o.value) as [BroadcastAudience, ...BroadcastAudience[]], {
      errorMap: () => ({ message: 'Choose an audience.' }),
    }),
    ids: z.array(z.string().uuid('Unknown record.')).max(10_000, 'At most 10000.').default([]),
  })
  .superRefine((v, ctx) => {
    if (AUDIENCES_WITH_IDS.includes(v.audience) && v.ids.length === 0) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose at least one.' });
  });
export type AudienceInput = z.infer<typeof AudienceSchema>;

const PLACEHOLDER = /\[\[\s*([^\]]*?)\s*\]\]/g;
const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS.map((p) => p.code));

/** Placeholders of a message that `renderTemplate` does not know, as written (`[[nickname]]`), each once. */
export function unknownPlaceholders(message: string): string[] {
  const found = new Set<string>();
  for (const m of message.matchAll(PLACEHOLDER)) if (!KNOWN.has(m[1] ?? '')) found.add(m[0]);
  return [...found];
}

/** The message's problem with its placeholders in the product's words, or null. */
export function placeholderProblem(message: string): string | null {
  const unknown = unknownPlaceholders(message);
  if (unknown.length === 0) return null;
  const allowed = TEMPLATE_PLACEHOLDERS.map((p) => p.token).join(', ');
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Use ${allowed}.`;
}
