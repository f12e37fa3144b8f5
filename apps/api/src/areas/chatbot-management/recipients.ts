import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { findProfanity } from '@campus/domain-campus';
import { renderTemplate } from '@campus/formatters';
import type { ProfanityWord } from '@campus/domain-campus';

/** A subscriber as a message is personalised for them. */
export interface Recipient {
  readonly _id: string;
  readonly fname: string;
  readonly mname: string | null;
  readonly lname: string;
  readonly email: string | null;
  readonly designation: string | null;
  readonly department: string | null;
}

/** The columns of `Recipient` over `chatbot_subscribers s` (with the joins of `RECIPIENT_JOINS`). */
export const RECIPIENT_COLUMNS = sql`s.id as "_id", s.first_name as fname, s.middle_name as mname, s.last_name as lname, s.email,
  d.name as designation, dep.name as department`;
export const RECIPIENT_JOINS = sql`left join employees e on e.id = s.employee_id
  left join designations d on d.id = e.designation_id left join hr_departments dep on dep.id = e.department_id`;

/** The message as one recipient reads it (the formatters' placeholders). */
export function personalise(message: string, r: Recipient, now: Date): string {
  return renderTemplate(message, { fname: r.fname, lname: r.lname, mname: r.mname, designation: { name: r.designation }, department: { name: r.department } }, now);
}

/** The blocked words of a text in the product's words, or null. */
export function profanityProblem(text: string, words: readonly ProfanityWord[]): string | null {
  const found = [...new Set(findProfanity(text, words).map((m) => m.text.toLowerCase()))];
  if (found.length === 0) return null;
  return `The message contains ${found.length > 1 ? 'blocked words' : 'a blocked word'} (${found.join(', ')}); remove ${found.length > 1 ? 'them' : 'it'} before sending.`;
}

const PURPOSE = 'chatbot-unsubscribe:';

function signature(secret: string, subscriberId: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE + subscriberId).digest().subarray(0, 18);
}

/**
 * The token of a subscriber's unsubscribe link: their id and an HMAC of it under the session secret, so a link
 * cannot be made for someone else and nothing needs storing.
 */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${Buffer.from(subscriberId.replace(/-/g, ''), 'hex').toString('base64url')}.${signature(secret, subscriberId).toString('base64url')}`;
}

/** The subscriber id a token names when its signature holds, else null. */
export function subscriberOfToken(secret: string, token: string): string | null {
  const [idPart, sigPart] = token.split('.');
  if (!idPart || !sigPart) return null;
  const hex = Buffer.from(idPart, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const given = Buffer.from(sigPart, 'base64url');
  const expected = signature(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The public page of an unsubscribe link (the console's `/chat/unsubscribe/:token`). */
export function unsubscribeUrl(consoleUrl: string | undefined, secret: string, subscriberId: string): string {
  return `${consoleUrl ?? 'http://127.0.0.1:3000'}/chat/unsubscribe/${unsubscribeToken(secret, subscriberId)}`;
}

/** `where` of the recipients still reachable at send time. */
export const REACHABLE: SQL = sql`s.is_active and s.opted_out_at is null`;
