import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { maskSmtpUrl, type SettingsView, type SystemSettings } from '@campus/domain-iam';
import { changesBetween, writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { AreaContext } from '../../../platform/area.js';
import { currentSettings, type EffectiveSettings } from '../../../platform/settings.js';

export const SETTINGS_IAM_ADMIN_ONLY = 'Only an IAM administrator may read or change the system settings.';

function requireIamAdmin(ctx: AreaContext, request: FastifyRequest) {
  const auth = ctx.authOf(request);
  if (!auth.user.iamAdmin) throw new HttpError(403, SETTINGS_IAM_ADMIN_ONLY);
  return auth;
}

function plain(s: EffectiveSettings): SystemSettings {
  const { updatedAt: _updatedAt, ...settings } = s;
  return settings;
}

function viewOf(ctx: AreaContext, s: EffectiveSettings): SettingsView {
  return { settings: plain(s), smtpUrl: maskSmtpUrl(ctx.config.smtpUrl), mailFrom: ctx.config.mailFrom, updatedAt: s.updatedAt };
}

/** `/app/settings`: read and save (IAM administrators only), the test email, and the public sign-in panel. */
export function settingsHandlers(ctx: AreaContext) {
  return {
    async getSystemSettings({ request }: { request: FastifyRequest }) {
      requireIamAdmin(ctx, request);
      return { status: 200 as const, body: { data: viewOf(ctx, await currentSettings(ctx.database, ctx.config)) } };
    },

    /** Saves the whole set (validated by the contract's schema), audited with before and after in one transaction. */
    async saveSystemSettings({ body, request }: { body: SystemSettings; request: FastifyRequest }) {
      requireIamAdmin(ctx, request);
      const actor = ctx.actorOf(request);
      const before = plain(await currentSettings(ctx.database, ctx.config));
      await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // The row lock orders concurrent saves, so each audit row's "before" is what the save replaced.
        await tx.execute(sql`insert into system_settings (id, data, updated_at) values (1, '{}'::jsonb, ${actor.now.toISOString()})
                             on conflict (id) do nothing`);
        await tx.execute(sql`select 1 from system_settings where id = 1 for update`);
        await tx.execute(
          sql`update system_settings set data = ${JSON.stringify(body)}::jsonb, updated_at = ${actor.now.toISOString()},
              updated_by = ${actor.id} where id = 1`,
        );
        const changes = changesBetween(before as unknown as Record<string, unknown>, body as unknown as Record<string, unknown>);
        await writeAudit(tx, { actor, activity: 'Changed system settings', resource: 'settings', recordId: null, changes }, actor.now);
      });
      return { status: 200 as const, body: { data: viewOf(ctx, await currentSettings(ctx.database, ctx.config)) } };
    },

    /** Sends one message through the mailer (SMTP when configured, else the outbox) and says how it went. */
    async sendTestEmail({ body, request }: { body: { to: string }; request: FastifyRequest }) {
      requireIamAdmin(ctx, request);
      const actor = ctx.actorOf(request);
      const { organisationName } = await currentSettings(ctx.database, ctx.config);
      try {
        await ctx.mailer.send({
          to: body.to,
          subject: `${organisationName}: test email`,
          text: `This is a test email from the system settings of ${organisationName}. Outbound mail works.`,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
        throw new HttpError(502, `The test email could not be sent: ${reason}`);
      }
      await writeAudit(ctx.db, { actor, activity: `Sent a test email to ${body.to}`, resource: 'settings' }, actor.now);
      const message = ctx.config.smtpUrl ? `A test email was sent to ${body.to}.` : `A test email to ${body.to} is in the outbox (no SMTP server is set).`;
      return { status: 202 as const, body: { data: { message } } };
    },

    async getSignInPanel() {
      const s = await currentSettings(ctx.database, ctx.config);
      return {
        status: 200 as const,
        body: { data: { organisationName: s.organisationName, logoUrl: s.logoUrl, mission: s.mission, vision: s.vision } },
      };
    },
  };
}
