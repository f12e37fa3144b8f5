import type { FastifyRequest } from 'fastify';
import { reportsContract, resolveRange, todayIn, type WeeklyEmailPage, type AuditReportQuery, type ChatbotReportQuery, type SupportReportQuery, type TicketReportQuery } from '@campus/api-contract';
import { HttpError } from '../../platform/http/errors.js';
import type { AreaContext, AreaManifest, ContractHandlers } from '../../platform/area.js';
import { chatbotReport } from './chatbot.js';
import { auditCsv, auditEntry, auditPage } from './audit.js';
import { REPORTS_ROLLUP_SCHEDULE, reportsRollupJob } from './rollup.js';
import { supportReport, ticketReport } from './support.js';
import { currentTerm } from './term.js';
import { recipientsOf, REPORTS_WEEKLY_EMAIL_SCHEDULE, reportsWeeklyEmailJob, setRecipients, weeklyEmailSettings } from './weekly.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';

/** The period a query asks for (the last 30 days when it names none); 400 with the form's message when it is wrong. */
function rangeOf(ctx: AreaContext, query: { from?: string; to?: string; tz: string }) {
  const range = resolveRange({ from: query.from, to: query.to }, query.tz, ctx.config.now());
  if ('error' in range) throw new HttpError(400, range.error);
  return range;
}

/** The audit trail is bounded by days only when the query names some (a record's whole history has none). */
function optionalRange(ctx: AreaContext, query: { from?: string; to?: string; tz: string }) {
  return query.from || query.to ? rangeOf(ctx, query) : null;
}

function reportsHandlers(ctx: AreaContext): ContractHandlers {
  const handlers = {
    auditTrails: async ({ query }: { query: AuditReportQuery }) => ({ status: 200, body: await auditPage(ctx.db, query, optionalRange(ctx, query)) }),
    exportAuditTrails: async ({ query }: { query: Omit<AuditReportQuery, 'page' | 'limit'> }) => ({
      status: 200,
      body: { data: await auditCsv(ctx.db, query, optionalRange(ctx, query)) },
    }),
    auditTrail: async ({ params }: { params: { id: string } }) => {
      const entry = await auditEntry(ctx.db, params.id);
      if (!entry) throw new HttpError(404, 'This audit-trail entry does not exist.');
      return { status: 200, body: { data: entry } };
    },
    chatbot: async ({ query }: { query: ChatbotReportQuery }) => {
      const range = rangeOf(ctx, query);
      return { status: 200, body: await chatbotReport(ctx.db, query, range, range.previous) };
    },
    currentTerm: async ({ query }: { query: { tz: string } }) => ({
      status: 200,
      body: { data: await currentTerm(ctx.db, todayIn(query.tz, ctx.config.now())) },
    }),
    weeklyEmail: async () => ({ status: 200, body: { data: await weeklyEmailSettings(ctx.db) } }),
    setWeeklyEmail: async ({ body, request }: { body: { page: WeeklyEmailPage; userIds: string[] }; request: FastifyRequest }) => {
      const actor = ctx.actorOf(request);
      const result = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = (await recipientsOf(tx))[body.page].map((r) => r.email);
        const { refused } = await setRecipients(tx, body.page, body.userIds);
        if (refused.length) return { refused };
        const after = (await recipientsOf(tx))[body.page].map((r) => r.email);
        await writeAudit(
          tx,
          { actor, activity: `Chose who receives the weekly ${body.page} report email`, resource: 'reports-weekly-email', recordId: body.page, changes: { recipients: { before, after } } },
          ctx.config.now(),
        );
        return { refused };
      });
      if (result.refused.length) throw new HttpError(400, 'Only active people with Analytics and Reports can receive the weekly email.');
      return { status: 200, body: { data: await weeklyEmailSettings(ctx.db) } };
    },
    support: async ({ query }: { query: SupportReportQuery }) => {
      const range = rangeOf(ctx, query);
      return { status: 200, body: await supportReport(ctx.db, query, range, range.previous) };
    },
    tickets: async ({ query }: { query: TicketReportQuery }) => ({ status: 200, body: await ticketReport(ctx.db, query, rangeOf(ctx, query)) }),
  };
  return handlers as unknown as ContractHandlers;
}

/** Analytics and Reports: the audit-trail viewer and the Chatbot, Support and ticket reports, read-only. */
export const area: AreaManifest = {
  code: 'REPORTS',
  application: {
    name: 'Analytics and Reports',
    description: 'Chatbot, support and ticket analytics, and the audit trail.',
    order: 7,
  },
  contracts: { reports: reportsContract },
  handlers: (ctx) => ({ reports: reportsHandlers(ctx) }),
  jobTypes: (ctx) => [reportsRollupJob, reportsWeeklyEmailJob(ctx)],
  schedules: [REPORTS_ROLLUP_SCHEDULE, REPORTS_WEEKLY_EMAIL_SCHEDULE],
};
