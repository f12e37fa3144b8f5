import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../platform/db/client.js';
import { col } from '../../platform/db/column.js';
import { supportOffices, supportTeams, supportTickets } from '../../platform/db/schema/index.js';
import { deskMessageId, replyAddressOf } from './reply-address.js';
import { linkTokenOf, type Ticket } from './tickets.js';

/** Where the console serves the requester's private pages (the link in every mail). */
export function consoleUrl(): string {
  return (process.env.CONSOLE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

export function privateLinkOf(ctx: AppContext, ticket: Pick<Ticket, 'id'>): string {
  return `${consoleUrl()}/support/t/${linkTokenOf(ctx.config.sessionSecret, ticket.id)}`;
}

/**
 * The office address a ticket's mail is answered at: its office's, else its team's office's, else the first office
 * (the secret in the reply address names the ticket, so any office address of the desk files the answer). None
 * when the desk has no office at all.
 */
async function officeEmailOf(db: Db, ticket: Pick<Ticket, 'officeId' | 'teamId'>): Promise<string | undefined> {
  let officeId = ticket.officeId;
  if (!officeId && ticket.teamId) {
    const [team] = await db.select({ officeId: col(supportTeams, 'officeId') }).from(supportTeams).where(eq(col(supportTeams, 'id'), ticket.teamId));
    officeId = (team?.officeId as string | null | undefined) ?? null;
  }
  const email = col(supportOffices, 'email');
  const [office] = officeId
    ? await db.select({ email }).from(supportOffices).where(eq(col(supportOffices, 'id'), officeId))
    : await db.select({ email }).from(supportOffices).where(sql`${email} is not null`).orderBy(asc(col(supportOffices, 'code'))).limit(1);
  return (office?.email as string | null | undefined) ?? undefined;
}

/**
 * Mails the requester about their ticket: the reference in the subject, the text and the private link. It comes
 * from `MAIL_FROM` but is answered at the ticket's reply address (`Reply-To`, decision 0048), and its Message-ID is
 * signed for the requester, so their mail program's reply threads whichever it uses. A mail that cannot be sent is
 * logged; the change it reports is already saved.
 */
export async function mailRequester(ctx: AppContext, ticket: Ticket, text: string, log: { error: (o: object, m: string) => void }): Promise<void> {
  const secret = ctx.config.sessionSecret;
  const messageId = deskMessageId(secret, ticket, ticket.requesterEmail);
  const previous = ticket.messageIds.filter((m) => m.startsWith('<'));
  const headers: Record<string, string> = { 'Message-ID': messageId };
  if (previous.length) {
    headers['In-Reply-To'] = previous.at(-1)!;
    headers.References = previous.slice(-10).join(' ');
  }
  try {
    const office = await officeEmailOf(ctx.db, ticket);
    if (office) headers['Reply-To'] = replyAddressOf(office, ticket, secret);
    await ctx.db
      .update(supportTickets)
      .set({ messageIds: sql`array_append(${supportTickets.messageIds}, ${messageId}::text)` })
      .where(eq(supportTickets.id, ticket.id));
    await ctx.mailer.send({
      to: ticket.requesterEmail,
      subject: `[${ticket.reference}] ${ticket.subject}`,
      text: `${text}\n\n—\nFollow your request and reply here: ${privateLinkOf(ctx, ticket)}${office ? '\nOr reply to this message.' : ''}`,
      headers,
    });
  } catch (error) {
    log.error({ err: error, ticket: ticket.reference }, 'A support mail could not be sent');
  }
}
