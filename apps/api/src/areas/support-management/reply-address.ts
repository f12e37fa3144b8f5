import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What lets a mail thread into a ticket (decision 0048): the ticket's reply address, an office address tagged with
 * a secret only the desk can make (`registrar+sup-000302-<secret>@example.edu`), or a reply to a Message-ID the
 * desk signed for the requester it mailed. A ticket's reference alone is public and sequential, and a header
 * `From:` is whatever the sender typed, so neither is ever enough.
 */

const SECRET_HEX = 24; // 96 bits: out of reach of guessing over SMTP, short enough for any local part
const DESK_DOMAIN = 'support.campus';

const mac = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex').slice(0, SECRET_HEX);

/** Compares two secrets without telling by timing how much of a guess was right. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The per-ticket secret of its reply address: derived from the server secret, so nothing is stored. */
export const replySecretOf = (secret: string, ticketId: string): string => mac(secret, `support-reply:${ticketId}`);

/** The ticket's reply address at an office address: `local+<reference>-<secret>@domain` (lower case throughout). */
export function replyAddressOf(officeEmail: string, ticket: { readonly id: string; readonly reference: string }, secret: string): string {
  const at = officeEmail.lastIndexOf('@');
  return `${officeEmail.slice(0, at)}+${ticket.reference.toLowerCase()}-${replySecretOf(secret, ticket.id)}@${officeEmail.slice(at + 1)}`.toLowerCase();
}

/** A recipient split into the office address it belongs to and, for a reply address, the reference and secret it carries. */
export function parseRecipient(address: string): { readonly office: string; readonly reference?: string; readonly secret?: string } {
  const lower = address.trim().toLowerCase();
  const match = /^(.+)\+(sup-\d{6,})-([0-9a-f]+)@([^@]+)$/.exec(lower);
  if (!match) return { office: lower };
  return { office: `${match[1]}@${match[4]}`, reference: match[2]!.toUpperCase(), secret: match[3]! };
}

/** Whether a reply address's secret is the one of this ticket. */
export const isReplySecretOf = (secret: string, ticketId: string, given: string): boolean => sameSecret(given, replySecretOf(secret, ticketId));

/**
 * A Message-ID for a mail of the desk to `to` about a ticket, signed so that a reply naming it proves the sender
 * read that mail: `<SUP-000302.<nonce>.<signature>@support.campus>`.
 */
export function deskMessageId(secret: string, ticket: { readonly id: string; readonly reference: string }, to: string): string {
  const nonce = randomBytes(8).toString('hex');
  return `<${ticket.reference}.${nonce}.${mac(secret, `support-message:${ticket.id}:${to.toLowerCase()}:${nonce}`)}@${DESK_DOMAIN}>`;
}

/** The reference a Message-ID of the desk's form names (its signature is checked with `isDeskMessageId`). */
export function deskMessageParts(messageId: string): { readonly reference: string; readonly nonce: string; readonly signature: string } | undefined {
  const match = /^<(SUP-\d{6,})\.([0-9a-f]{16})\.([0-9a-f]+)@support\.campus>$/i.exec(messageId.trim());
  return match ? { reference: match[1]!.toUpperCase(), nonce: match[2]!.toLowerCase(), signature: match[3]!.toLowerCase() } : undefined;
}

/** Whether `messageId` is one the desk signed for a mail about this ticket to `to`. */
export function isDeskMessageId(secret: string, ticketId: string, to: string, messageId: string): boolean {
  const parts = deskMessageParts(messageId);
  return !!parts && sameSecret(parts.signature, mac(secret, `support-message:${ticketId}:${to.toLowerCase()}:${parts.nonce}`));
}
