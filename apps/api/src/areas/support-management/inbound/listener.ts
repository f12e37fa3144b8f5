import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { referenceInSubject, stateAfterRequesterReply, stripQuotedReply, type TicketState } from '@campus/domain-support';
import type { Db } from '../../../platform/db/client.js';
import { col } from '../../../platform/db/column.js';
import { supportCategoriesV2, supportOffices, supportTickets } from '../../../platform/db/schema/index.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { deskMessageParts, isDeskMessageId, isReplySecretOf, parseRecipient } from '../reply-address.js';
import { addEvent, addMessage, lockTicket, moveTicket, openTicket, type Ticket } from '../tickets.js';

/** Largest message the listener takes (attachments are not read from mail). */
export const INBOUND_MAX_BYTES = 1024 * 1024;

export interface InboundOptions {
  readonly db: Db;
  readonly secret: string;
  readonly now: () => Date;
  readonly log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** Tells the requester their mail opened a ticket (after it is saved). */
  readonly acknowledge: (ticket: Ticket) => Promise<void>;
}

/** What an inbound message did: opened a ticket, added to one, or was refused (with the SMTP answer). */
export type InboundResult = { readonly kind: 'opened' | 'replied'; readonly reference: string } | { readonly kind: 'refused'; readonly reason: string };

const idsIn = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((v) => v.trim()).filter((v) => /^<[^<>\s]+>$/.test(v));

/** Where a message belongs: the ticket it threads into, or why a message that looked like a reply did not. */
interface Thread {
  readonly ticket?: Ticket;
  readonly notThreaded?: { readonly reference: string; readonly why: string };
}

const byReference = async (tx: Db, reference: string): Promise<Ticket | undefined> =>
  (await tx.select().from(supportTickets).where(eq(supportTickets.reference, reference)))[0];

/**
 * The ticket a message belongs to (decision 0048): the one whose reply address it was sent to, when the address
 * carries that ticket's secret; else the one whose signed Message-ID it answers (In-Reply-To, then References),
 * when the desk sent that message to this sender. A reference in the subject, a header `From:` or an unsigned
 * Message-ID is never enough: they are public or typed by the sender. A merged ticket's mail goes to the ticket it
 * was merged into.
 */
async function threadOf(tx: Db, mail: ParsedMail, sender: string, recipient: string, secret: string): Promise<Thread> {
  let notThreaded: Thread['notThreaded'];
  const follow = async (ticket: Ticket): Promise<Thread> =>
    ticket.mergedIntoId ? { ticket: (await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.mergedIntoId)))[0] } : { ticket };

  const address = parseRecipient(recipient);
  if (address.reference && address.secret) {
    const ticket = await byReference(tx, address.reference);
    if (ticket && isReplySecretOf(secret, ticket.id, address.secret)) return follow(ticket);
    notThreaded = { reference: address.reference, why: `It was sent to a reply address of ${address.reference} that the desk did not make (its secret does not match).` };
  }
  // The newest few of a long References chain are enough, and bound the look-ups one message can cause.
  for (const id of [...idsIn(mail.inReplyTo), ...idsIn(mail.references).slice(-20)]) {
    const parts = deskMessageParts(id);
    if (!parts) continue;
    const ticket = await byReference(tx, parts.reference);
    if (ticket && isDeskMessageId(secret, ticket.id, sender, id)) return follow(ticket);
    notThreaded ??= { reference: parts.reference, why: `It answers a message about ${parts.reference} that the desk did not send to ${sender}.` };
  }
  const named = referenceInSubject(mail.subject ?? '');
  if (named && !notThreaded && (await byReference(tx, named))) {
    notThreaded = { reference: named, why: `Its subject names ${named}, but it came neither to that ticket’s reply address nor as an answer to the desk’s mail to its requester; the sender’s address (${sender}) can be forged.` };
  }
  return { notThreaded };
}

/** Files one parsed message addressed to an office: a reply to its ticket, or a new ticket in the office's first category. */
export async function handleInbound(options: InboundOptions, mail: ParsedMail, recipient: string): Promise<InboundResult> {
  const sender = mail.from?.value[0]?.address?.toLowerCase();
  if (!sender) return { kind: 'refused', reason: 'No sender address.' };
  const senderName = mail.from?.value[0]?.name || sender;
  const text = stripQuotedReply(mail.text ?? '');
  if (!text) return { kind: 'refused', reason: 'The message has no text.' };
  const now = options.now();
  const actor = { id: null, email: sender, ip: null };
  const result = await options.db.transaction(async (txRaw): Promise<InboundResult & { ticket?: Ticket }> => {
    const tx = txRaw as unknown as Db;
    const { ticket: existing, notThreaded } = await threadOf(tx, mail, sender, recipient, options.secret);
    if (existing) {
      const ticket = await lockTicket(tx, existing.id);
      const next = stateAfterRequesterReply(ticket.state as TicketState, ticket.resolvedAt, now);
      if (next !== 'closed-too-long') {
        // The reply address may be answered from another mailbox (a forward): the thread says who wrote.
        const authorName = sender === ticket.requesterEmail ? ticket.requesterName : senderName === sender ? sender : `${senderName} (${sender})`;
        await addMessage(tx, ticket.id, { kind: 'requester', authorId: null, authorName: authorName.slice(0, 200), body: text, messageId: mail.messageId ?? null, at: now });
        if (mail.messageId) await tx.update(supportTickets).set({ messageIds: sql`array_append(${supportTickets.messageIds}, ${mail.messageId}::text)` }).where(eq(supportTickets.id, ticket.id));
        await addEvent(tx, ticket.id, 'requester-replied', null, now, { channel: 'email' });
        if (next !== ticket.state) await moveTicket(tx, ticket, next, actor, now);
        else await writeAudit(tx, { actor, activity: `Requester replied by email to ticket ${ticket.reference}`, resource: 'support-tickets', recordId: ticket.id }, now);
        return { kind: 'replied', reference: ticket.reference } as const;
      }
      // A reply to a ticket closed too long ago opens a new one, below.
    }
    const [office] = await tx.select().from(supportOffices).where(eq(col(supportOffices, 'email'), parseRecipient(recipient).office));
    if (!office) return { kind: 'refused', reason: 'No office receives mail at this address.' } as const;
    const [category] = await tx
      .select()
      .from(supportCategoriesV2)
      .where(and(eq(col(supportCategoriesV2, 'officeId'), office.id as string), sql`parent_id is null`, sql`is_active`))
      .orderBy(asc(col(supportCategoriesV2, 'sortOrder')))
      .limit(1);
    if (!category) return { kind: 'refused', reason: 'This office takes no requests by mail yet.' } as const;
    const { ticket } = await openTicket(
      tx,
      { subject: (mail.subject ?? '').trim().slice(0, 200) || '(no subject)', body: text.slice(0, 20_000), requesterName: senderName.slice(0, 150), requesterEmail: sender, categoryV2Id: category.id as string },
      { channel: 'email', actor, now, secret: options.secret, messageId: mail.messageId ?? null },
    );
    if (notThreaded) {
      // The agent sees in the thread (an internal note, never shown to the requester) why this is a new ticket.
      const after = new Date(now.getTime() + 1);
      const body = `This mail was not added to ${notThreaded.reference}. ${notThreaded.why} Check with the requester of ${notThreaded.reference} before merging this ticket into it.`;
      await addMessage(tx, ticket.id, { kind: 'note', authorId: null, authorName: 'Support desk', body, at: after });
      await addEvent(tx, ticket.id, 'mail-not-threaded', null, after, { reference: notThreaded.reference, reason: notThreaded.why });
    }
    return { kind: 'opened', reference: ticket.reference, ticket } as const;
  });
  if (result.kind === 'opened' && result.ticket) await options.acknowledge(result.ticket);
  return result.kind === 'refused' ? result : { kind: result.kind, reference: result.reference };
}

/**
 * The inbound SMTP listener: a message to an office's address (or a ticket's reply address there) opens a ticket
 * or adds to one. Off unless a port is
 * configured; no authentication and no relaying (it only accepts mail for the offices).
 */
export async function startInboundMail(options: InboundOptions & { port: number; host: string }): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    async onRcptTo(address, _session, callback) {
      // An office's address, or a reply address at it (`office+<reference>-<secret>@…`, checked when filed).
      const { office: officeAddress } = parseRecipient(address.address);
      const [office] = await options.db.select({ id: col(supportOffices, 'id') }).from(supportOffices).where(eq(col(supportOffices, 'email'), officeAddress));
      callback(office ? undefined : Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
      simpleParser(stream)
        .then(async (mail) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) throw Object.assign(new Error('Message too large'), { responseCode: 552 });
          const result = await handleInbound(options, mail, recipient);
          if (result.kind === 'refused') throw Object.assign(new Error(result.reason), { responseCode: 550 });
          options.log.info({ reference: result.reference, kind: result.kind }, 'support mail received');
          callback();
        })
        .catch((error: Error & { responseCode?: number }) => {
          options.log.warn({ reason: error.message }, 'support mail refused');
          callback(Object.assign(new Error(error.responseCode ? error.message : 'The message could not be filed.'), { responseCode: error.responseCode ?? 451 }));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
