import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client.js';
import { col } from '../../../platform/db/column.js';
import { supportTeams, supportTicketEvents, supportTickets } from '../../../platform/db/schema/index.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import type { Notify } from '../../../platform/notify.js';
import { addEvent, fillBusinessMinutes, refreshSla } from '../tickets.js';

/** A breach or near-breach the team lead should hear about. */
export interface SlaNotice {
  readonly kind: 'near-breach' | 'breached';
  readonly ticketId: string;
  readonly reference: string;
  readonly subject: string;
  /** Who to tell: the lead of the ticket's team (none when the team has no lead). */
  readonly leadId: string | null;
}

/**
 * Where notices go. The notification centre implements it; until then the area logs them. Kept this small so the
 * centre plugs in without the sweep knowing it.
 */
export interface SlaNotifier {
  notify(notice: SlaNotice): Promise<void>;
}

/**
 * The SLA sweep: recomputes the clock of every ticket whose clock runs or is paused, writes the figures onto the
 * ticket, and the first time a ticket goes near breach or breaches, logs it (`sla-near-breach`, `sla-breached`) and
 * tells the team lead. Each ticket is its own transaction, so one bad ticket never holds the others back.
 */
export async function runSlaSweep(db: Db, notifier: SlaNotifier, now: Date): Promise<{ checked: number; notices: SlaNotice[] }> {
  const candidates = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(inArray(supportTickets.state, ['new', 'open', 'pending']));
  const notices: SlaNotice[] = [];
  for (const { id } of candidates) {
    const notice = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
      if (!ticket || !['new', 'open', 'pending'].includes(ticket.state)) return undefined;
      const clock = await refreshSla(tx, ticket, now);
      const kind = clock.status === 'breached' ? 'breached' : clock.status === 'near-breach' ? 'near-breach' : undefined;
      if (!kind) return undefined;
      const type = `sla-${kind}`;
      const [already] = await tx
        .select({ id: supportTicketEvents.id })
        .from(supportTicketEvents)
        .where(and(eq(supportTicketEvents.ticketId, id), eq(supportTicketEvents.type, type)))
        .limit(1);
      if (already) return undefined;
      await addEvent(tx, id, type, null, now, {
        resolutionBusinessMinutes: clock.resolution.businessMinutes,
        firstResponseBusinessMinutes: clock.firstResponse.businessMinutes,
      });
      const [team] = ticket.teamId ? await tx.select({ leadId: col(supportTeams, 'leadId') }).from(supportTeams).where(eq(col(supportTeams, 'id'), ticket.teamId)) : [];
      return { kind, ticketId: id, reference: ticket.reference, subject: ticket.subject, leadId: (team?.leadId as string | null) ?? null } satisfies SlaNotice;
    });
    if (notice) notices.push(notice);
  }
  // Told after the flags are saved: a notice never reports a flag that was rolled back.
  for (const notice of notices) await notifier.notify(notice);
  return { checked: candidates.length, notices };
}

/** How many earlier tickets a sweep gives their business minutes (each reads the ticket's log). */
export const BUSINESS_MINUTES_PER_RUN = 500;

/** The sweep's job type on the job engine; the area ships a schedule that runs it every five minutes. */
export const SLA_SWEEP_JOB = 'support-sla-sweep';
export const SLA_SWEEP_SCHEDULE = {
  name: 'Support SLA sweep',
  type: SLA_SWEEP_JOB,
  cron: '*/5 * * * *',
  timeZone: 'Asia/Manila',
  // After a time without a server, one sweep catches every clock up.
  missedRunPolicy: 'run-once',
} as const;

export function slaSweepJob(notifier: SlaNotifier) {
  return defineJobType({
    name: SLA_SWEEP_JOB,
    title: 'Support SLA sweep',
    params: z.object({}).passthrough(),
    concurrency: 1,
    retryLimit: 1,
    retryDelaySeconds: 60,
    timeoutSeconds: 600,
    handler: async (job) => {
      const result = await runSlaSweep(job.db, notifier, job.now());
      await job.log(`Checked ${result.checked} open tickets; ${result.notices.length} new SLA notices.`);
      // Tickets answered or resolved before their business minutes were kept get them, a few hundred a run.
      const filled = await job.db.transaction((tx) => fillBusinessMinutes(tx as unknown as Db, job.now(), BUSINESS_MINUTES_PER_RUN));
      if (filled > 0) await job.log(`Worked out the business minutes of ${filled} earlier tickets.`);
    },
  });
}

/** SLA notices as notification-centre notices to the team lead (a ticket whose team has no lead tells nobody). */
export function notificationCentreNotifier(notify: Notify): SlaNotifier {
  return {
    async notify(notice) {
      if (!notice.leadId) return;
      await notify({
        userId: notice.leadId,
        title: notice.kind === 'breached' ? `${notice.reference} breached its SLA` : `${notice.reference} is close to breaching its SLA`,
        body: notice.subject,
        link: `/app/support-management/tickets/${notice.ticketId}`,
      });
    },
  };
}
