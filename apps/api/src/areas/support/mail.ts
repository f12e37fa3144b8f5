import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { supportTickets } from '../../platform/db/schema/index.js';
import { linkTokenOf, type Ticket } from './tickets.js';

/** Where the console serves the requester's private pages (the link in every mail). */
export function consoleUrl(): string {
  return (process.env.CONSOLE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

export function privateLinkOf(ctx: AppContext, ticket: Pick<Ticket, 'id'>): string {
  return `${consoleUrl()}/support/t/${linkTokenOf(ctx.config.sessionSecret, ticket.id)}`;
}

/**
 * Mails the requester about their ticket: the reference in the subject and threading headers (our Message-ID is
 * remembered on the ticket, so their reply finds it), the text and the private link. A mail that cannot be sent is
 * logged; the change it reports is already saved.
 */
export async function mailRequester(ctx: AppContext, ticket: Ticket, text: string, log: { error: (o: object, m: string) => void }): Promise<void> {
  const messageId = `<${ticket.reference}.${randomBytes(6).toString('hex')}@support.campus>`;
  const previous = ticket.messageIds.filter((m) => m.startsWith('<'));
  const headers: Record<string, string> = { 'Message-ID': messageId };
  if (previous.length) {
    headers['In-Reply-To'] = previous.at(-1)!;
    headers.References = previous.slice(-10).join(' ');
  }
  try {
    await ctx.db
      .update(supportTickets)
      .set({ messageIds: sql`array_append(${supportTickets.messageIds}, ${messageId}::text)` })
      .where(eq(supportTickets.id, ticket.id));
    await ctx.mailer.send({
      to: ticket.requesterEmail,
      subject: `[${ticket.reference}] ${ticket.subject}`,
      text: `${text}\n\n—\nFollow your request and reply here: ${privateLinkOf(ctx, ticket)}\nOr reply to this message, keeping ${ticket.reference} in the subject.`,
      headers,
    });
  } catch (error) {
    log.error({ err: error, ticket: ticket.reference }, 'A support mail could not be sent');
  }
}
