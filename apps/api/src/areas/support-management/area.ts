import { supportContract } from '@campus/api-contract';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import type { AreaManifest, AreaService } from '../../platform/area.js';
import { electedService } from '../../platform/db/elected.js';
import { supportAttention } from './attention.js';
import { categoryV2Hooks } from './hooks/categories-v2.js';
import { supportHandlers } from './handlers.js';
import { startInboundMail } from './inbound/listener.js';
import { mailRequester } from './mail.js';
import { notificationCentreNotifier, SLA_SWEEP_SCHEDULE, slaSweepJob, type SlaNotifier } from './jobs/sla-sweep.js';
import { seedSupport } from './seed.js';

export interface SupportAreaOptions {
  /** Receives breach and near-breach notices; the notification centre (to the team lead) when absent. */
  readonly notifier?: SlaNotifier;
  /**
   * The inbound mail listener; off unless a port is given (`SUPPORT_SMTP_PORT`, host `SUPPORT_SMTP_HOST`). Among
   * several API processes on one PostgreSQL database, one at a time listens (elected by the database); the others
   * ask every `retryMs` (5 s) and take over when it stops. `INBOUND_MAIL=off` keeps a process out of the election.
   */
  readonly inbound?: {
    readonly port: number;
    readonly host?: string;
    readonly onListening?: (port: number) => void;
    readonly onClosed?: () => void;
    readonly retryMs?: number;
  };
}

function inboundFromEnvironment(): SupportAreaOptions['inbound'] {
  const port = process.env.SUPPORT_SMTP_PORT;
  if (process.env.INBOUND_MAIL === 'off') return undefined;
  if (!port || !/^\d+$/.test(port)) return undefined;
  return { port: Number(port), host: process.env.SUPPORT_SMTP_HOST || '127.0.0.1' };
}

/** Customer Support Management: offices, teams, categories and SLA policies (generic CRUD) and the tickets. */
export function createSupportArea(options: SupportAreaOptions = {}): AreaManifest {
  const inbound = 'inbound' in options ? options.inbound : inboundFromEnvironment();
  return {
    code: 'SUPPORT',
    application: {
      name: 'Customer Support Management',
      description: 'Issue categories, support teams and offices.',
      order: 4,
    },
    contracts: { support: supportContract },
    attention: supportAttention,
    hooks: () => ({ 'support-categories-v2': categoryV2Hooks }),
    handlers: (ctx) => ({ support: supportHandlers(ctx, options.notifier ?? notificationCentreNotifier(ctx.notify)) }),
    jobTypes: (ctx) => [slaSweepJob(options.notifier ?? notificationCentreNotifier(ctx.notify))],
    schedules: [SLA_SWEEP_SCHEDULE],
    // Requester messages that came by mail carry their Message-ID; read from the database, the same from every process.
    metrics: (metrics, ctx) =>
      void metrics.gauge('campus_inbound_mail_messages', 'Requester messages received by mail on record (new tickets and replies).', [], async (gauge) => {
        const [row] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from support_ticket_messages where kind = 'requester' and message_id is not null`);
        gauge.set(row?.n ?? 0);
      }),
    seed: {
      run: async ({ db, put, random, at, argon2, university, count }) => {
        const { admin, campuses } = university;
        const seeded = await seedSupport(db, put, { random, at, campuses: campuses.map((c) => c.id), lead: admin.userId, leadName: admin.name, argon2 });
        count('users', seeded.accounts);
      },
    },
    services: (ctx) => {
      if (!inbound) return [];
      let close: (() => Promise<void>) | undefined;
      const listener: AreaService = {
        async start() {
          const started = await startInboundMail({
            db: ctx.db,
            secret: ctx.config.sessionSecret,
            now: ctx.config.now,
            log: console,
            acknowledge: (ticket) =>
              mailRequester(ctx, ticket, `Hello ${ticket.requesterName},\n\nWe received your message and opened ${ticket.reference}.`, console),
            port: inbound.port,
            host: inbound.host ?? '127.0.0.1',
          });
          close = started.close;
          inbound.onListening?.(started.port);
        },
        async stop() {
          if (!close) return;
          await close();
          close = undefined;
          inbound.onClosed?.();
        },
      };
      return [electedService(ctx.database, 'inbound-mail', listener, { ...(inbound.retryMs ? { retryMs: inbound.retryMs } : {}), log: console })];
    },
  };
}

/** The Customer Support area as the API mounts it (the inbound mail listener from the environment). */
export const area: AreaManifest = createSupportArea();
