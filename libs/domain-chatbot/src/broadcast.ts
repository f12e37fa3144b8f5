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

/** Where a broadcast is delivered. */
export const broadcastChannelOptions = codedValues([
  ['EMAIL', 'Email'],
  ['WEB_CHAT', 'Web chat inbox'],
]);
export type BroadcastChannel = (typeof broadcastChannelOptions)[number]['value'];

/** A broadcast's lifecycle: written, (approved by a second administrator when the settings ask), sent or cancelled. */
export const broadcastStatusOptions = codedValues([
  ['DRAFT', 'Draft'],
  ['AWAITING_APPROVAL', 'Awaiting approval'],
  ['APPROVED', 'Approved'],
  ['SCHEDULED', 'Scheduled'],
  ['SENDING', 'Sending'],
  ['SENT', 'Sent'],
  ['CANCELLED', 'Cancelled'],
]);
export type BroadcastStatus = (typeof broadcastStatusOptions)[number]['value'];

/** One recipient's delivery on one channel. */
export const deliveryStatusOptions = codedValues([
  ['QUEUED', 'Queued'],
  ['SCHEDULED', 'Scheduled'],
  ['SENDING', 'Sending'],
  ['SENT', 'Sent'],
  ['FAILED', 'Failed'],
  ['SKIPPED', 'Skipped'],
]);
export type DeliveryStatus = (typeof deliveryStatusOptions)[number]['value'];

/** The reason a delivery is skipped because its recipient opted out (the Analytics page counts these apart). */
export const OPTED_OUT_REASON = 'Opted out';

/** Statuses in which a broadcast can still be edited or cancelled. */
export const EDITABLE_BROADCAST_STATUSES: readonly BroadcastStatus[] = ['DRAFT', 'AWAITING_APPROVAL', 'APPROVED', 'SCHEDULED'];

export const SUBJECT_MAX = 150;
export const BROADCAST_MESSAGE_MAX = 5000;

/** What an administrator writes: the form's rules, checked again by the API. */
export const BroadcastInputSchema = z
  .object({
    subject: z.string().trim().min(1, 'Required').max(SUBJECT_MAX, `At most ${SUBJECT_MAX} characters.`),
    message: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(BROADCAST_MESSAGE_MAX, `At most ${BROADCAST_MESSAGE_MAX} characters.`)
      .superRefine((m, ctx) => {
        const problem = placeholderProblem(m);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    personaId: z.string().uuid('Choose a persona.').nullable().default(null),
    audience: AudienceSchema.innerType().shape.audience,
    ids: AudienceSchema.innerType().shape.ids,
    channels: z
      .array(z.enum(broadcastChannelOptions.map((o) => o.value) as [BroadcastChannel, ...BroadcastChannel[]], { errorMap: () => ({ message: 'Choose a channel.' }) }))
      .min(1, 'Choose at least one channel.')
      .max(2)
      .transform((list) => [...new Set(list)]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (AUDIENCES_WITH_IDS.includes(v.audience) && v.ids.length === 0) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose at least one.' });
  });
export type BroadcastInput = z.infer<typeof BroadcastInputSchema>;
