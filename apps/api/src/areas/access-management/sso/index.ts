import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { SsoClientSettings } from '@campus/domain-iam';
import type { SsoClient } from '@campus/api-contract';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import type { AppContext } from '../../../context.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { NO_ACCESS } from '../../../platform/guard.js';
import { HttpError } from '../../../platform/http/errors.js';
import { applicationAccess } from './access.js';
import { sweepExpired } from './adapter.js';
import type { ConsoleSessionMark } from './console-sessions.js';
import { ssoSealer } from './keys.js';
import { createSsoProvider, SSO_PATH } from './provider.js';

const EXPIRED_REQUEST = 'This sign-in request has expired. Start again from the application.';
/** The provider's reasons for a login prompt that a signed-in console must not answer on its own. */
const REAUTHENTICATE = new Set(['login_prompt', 'max_age']);

const asTx = (tx: unknown) => tx as Db;
const epoch = () => Math.floor(Date.now() / 1000);

interface ClientRow {
  application_id: string;
  client_id: string;
  is_confidential: boolean;
  secret_ciphertext: string | null;
  secret_created_at: string | Date | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  allow_refresh_tokens: boolean;
  access_token_minutes: number;
  refresh_token_days: number;
  is_open_to_all: boolean;
}

/**
 * Single sign-on: the OpenID Connect provider (oidc-provider) mounted on the API under `/oidc` with discovery at
 * the root, and the handlers of the `sso` contract (decision 0014).
 */
export function ssoArea(ctx: AppContext) {
  const { db, config } = ctx;
  const box = ssoSealer(config);
  const issuer = config.ssoIssuer ?? `http://${config.host}:${config.port}`;
  const consoleUrl = config.consoleUrl ?? 'http://127.0.0.1:3000';

  let current:
    Promise<{ provider: Provider; reloadAt: Date; handle: ReturnType<Provider['callback']> }> | undefined;
  /** The provider, built on first use and again when the signing keys change (see keys.ts). */
  async function provider() {
    if (current) {
      const state = await current.catch(() => undefined);
      if (state && Date.now() < state.reloadAt.getTime()) return state;
    }
    // Each rebuild (at least every few minutes) also clears rows whose expiry has passed; reads ignore them anyway.
    current = sweepExpired(db, new Date())
      .then(() => createSsoProvider({ db, box, issuer, consoleUrl, cookieSecret: config.sessionSecret, now: config.now }))
      .then((built) => ({
        ...built,
        handle: built.provider.callback(),
      }));
    return current;
  }

  /** Hands `/oidc/*` and discovery to the provider, with the request body left unread for it. */
  function mount(app: FastifyInstance) {
    return app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const { handle } = await provider();
        reply.hijack();
        await handle(request.raw, reply.raw);
      };
      scope.all(`${SSO_PATH}/*`, handler);
      scope.get('/.well-known/openid-configuration', handler);
    });
  }

  async function findInteraction(uid: string) {
    const { provider: p } = await provider();
    const interaction = await p.Interaction.find(uid);
    if (!interaction || (interaction.exp && interaction.exp <= epoch()))
      throw new HttpError(404, EXPIRED_REQUEST);
    return interaction;
  }

  async function getSignInRequest(uid: string) {
    const interaction = await findInteraction(uid);
    const clientId = String(interaction.params.client_id ?? '');
    const [app] = await rows<{ name: string }>(
      db,
      sql`select a.name from sso_clients c join applications a on a.id = c.application_id where c.client_id = ${clientId}`,
    );
    if (!app) throw new HttpError(404, EXPIRED_REQUEST);
    return {
      status: 200 as const,
      body: {
        data: {
          clientId,
          applicationName: app.name,
          prompt: interaction.prompt.name,
          reauthenticate: interaction.prompt.reasons.some((reason) => REAUTHENTICATE.has(reason)),
        },
      },
    };
  }

  /** The signed-in user answers the application's sign-in request: allowed → back to it; otherwise No Access. */
  async function completeSignInRequest(auth: AuthContext, uid: string, request: FastifyRequest) {
    const interaction = await findInteraction(uid);
    const clientId = String(interaction.params.client_id ?? '');
    const access = await applicationAccess(db, auth.user.id, { clientId });
    const actor = { id: auth.user.id, email: auth.user.email, ip: request.ip };
    const now = config.now();
    if (!access?.allowed) {
      await writeAudit(
        db,
        {
          actor,
          activity: `Single sign-on refused: no access to ${clientId}`,
          resource: 'users',
          recordId: auth.user.id,
        },
        now,
      );
      throw new HttpError(403, NO_ACCESS);
    }
    const mark: ConsoleSessionMark = { consoleSessionId: auth.sessionId };
    interaction.result = {
      login: { accountId: auth.user.id, amr: ['pwd'] },
      // First-party applications: consent is recorded with the sign-in, so a request with prompt=consent (which
      // relying parties send with offline_access) finishes instead of coming back for a consent step (decision 0052).
      consent: {},
      // The console session that answered, linked to this browser's provider session when the request resumes.
      campus: mark,
    };
    await interaction.save(Math.max(1, (interaction.exp ?? epoch() + 60) - epoch()));
    await writeAudit(
      db,
      {
        actor,
        activity: `Signed in to ${access.applicationName} (single sign-on)`,
        resource: 'users',
        recordId: auth.user.id,
      },
      now,
    );
    return { status: 200 as const, body: { data: { redirectTo: interaction.returnTo } } };
  }

  /** Ends the user's central sessions (console sign-out ends single sign-on too). */
  async function endCentralSessions(userId: string) {
    await db.execute(sql`delete from sso_payloads where model = 'Session' and account_id = ${userId}`);
  }

  async function listMyApplications(auth: AuthContext) {
    const found = await rows<{
      code: string;
      name: string;
      application_url: string | null;
      services: { name: string; url: string; target: string }[];
    }>(
      db,
      sql`select a.code, a.name, a.application_url,
                 (select coalesce(jsonb_agg(jsonb_build_object('name', s.name, 'url', s.url, 'target', s.target) order by s.name), '[]'::jsonb)
                    from services s where s.application_code = a.code and s.is_active) as services
            from applications a, users u
           where u.id = ${auth.user.id} and u.is_active and a.is_active
             and (a.code = any(u.admin_scopes)
                  or exists (select 1 from roles r where r.id = any(u.role_ids) and r.is_active and r.application_code = a.code)
                  or exists (select 1 from sso_clients c where c.application_id = a.id and c.is_open_to_all))
           order by a.name`,
    );
    const data = found.map((r) => ({
      code: r.code,
      name: r.name,
      applicationURL: r.application_url,
      services: r.services,
    }));
    return { status: 200 as const, body: { data } };
  }

  const toClient = (row: ClientRow, clientSecret?: string): SsoClient => ({
    applicationId: row.application_id,
    clientId: row.client_id,
    isConfidential: row.is_confidential,
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    allowRefreshTokens: row.allow_refresh_tokens,
    accessTokenMinutes: row.access_token_minutes,
    refreshTokenDays: row.refresh_token_days,
    isOpenToAll: row.is_open_to_all,
    hasSecret: Boolean(row.secret_ciphertext),
    secretCreatedAt: row.secret_created_at ? new Date(row.secret_created_at).toISOString() : null,
    issuer,
    ...(clientSecret ? { clientSecret } : {}),
  });

  const clientRow = async (tx: Db, applicationId: string) =>
    (
      await rows<ClientRow>(
        tx,
        sql`select * from sso_clients where application_id = ${applicationId} for update`,
      )
    )[0];

  async function requireApplication(tx: Db, id: string) {
    const [app] = await rows<{ id: string; name: string }>(
      tx,
      sql`select id, name from applications where id = ${id}`,
    );
    if (!app) throw new HttpError(404, 'Application not found.');
    return app;
  }

  async function getApplicationClient(id: string) {
    await requireApplication(db, id);
    const [row] = await rows<ClientRow>(db, sql`select * from sso_clients where application_id = ${id}`);
    return { status: 200 as const, body: { data: row ? toClient(row) : null } };
  }

  const newSecret = () => randomBytes(32).toString('base64url');

  async function saveApplicationClient(
    auth: AuthContext,
    id: string,
    body: SsoClientSettings,
    request: FastifyRequest,
  ) {
    const now = config.now();
    const actor = { id: auth.user.id, email: auth.user.email, ip: request.ip };
    return db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const app = await requireApplication(tx, id);
      const [clash] = await rows<{ name: string }>(
        tx,
        sql`select a.name from sso_clients c join applications a on a.id = c.application_id
            where c.client_id = ${body.clientId} and c.application_id <> ${id}`,
      );
      if (clash) {
        const message = `Client id is existing in ${clash.name}.`;
        throw new HttpError(409, message, { clientId: [message] });
      }
      const before = await clientRow(tx, id);
      const secret = body.isConfidential && !before?.secret_ciphertext ? newSecret() : undefined;
      const sealed = secret
        ? box.sealText(secret)
        : body.isConfidential
          ? (before?.secret_ciphertext ?? null)
          : null;
      const secretAt = secret
        ? now.toISOString()
        : body.isConfidential && before?.secret_created_at
          ? new Date(before.secret_created_at).toISOString()
          : null;
      const array = (values: string[]) =>
        sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
      const [row] = await rows<ClientRow>(
        tx,
        sql`insert into sso_clients (application_id, client_id, is_confidential, secret_ciphertext, secret_created_at, redirect_uris,
              post_logout_redirect_uris, allow_refresh_tokens, access_token_minutes, refresh_token_days, is_open_to_all,
              created_at, updated_at, modified_by_id)
            values (${id}, ${body.clientId}, ${body.isConfidential}, ${sealed}, ${secretAt}, ${array(body.redirectUris)},
              ${array(body.postLogoutRedirectUris)}, ${body.allowRefreshTokens}, ${body.accessTokenMinutes}, ${body.refreshTokenDays},
              ${body.isOpenToAll}, ${now.toISOString()}, ${now.toISOString()}, ${auth.user.id})
            on conflict (application_id) do update set client_id = excluded.client_id, is_confidential = excluded.is_confidential,
              secret_ciphertext = excluded.secret_ciphertext, secret_created_at = excluded.secret_created_at,
              redirect_uris = excluded.redirect_uris, post_logout_redirect_uris = excluded.post_logout_redirect_uris,
              allow_refresh_tokens = excluded.allow_refresh_tokens, access_token_minutes = excluded.access_token_minutes,
              refresh_token_days = excluded.refresh_token_days, is_open_to_all = excluded.is_open_to_all,
              updated_at = excluded.updated_at, modified_by_id = excluded.modified_by_id
            returning *`,
      );
      // A renamed client's tokens and grants belong to an id that no longer exists.
      if (before && before.client_id !== body.clientId)
        await tx.execute(sql`delete from sso_payloads where client_id = ${before.client_id}`);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const key of Object.keys(body) as (keyof SsoClientSettings)[]) {
        const previous = before ? toClient(before)[key] : null;
        if (JSON.stringify(previous) !== JSON.stringify(body[key]))
          changes[key] = { before: previous, after: body[key] };
      }
      if (secret)
        changes.clientSecret = { before: before?.secret_ciphertext ? '(set)' : null, after: '(generated)' };
      await writeAudit(
        tx,
        {
          actor,
          activity: `${before ? 'Changed' : 'Registered'} the single sign-on client of ${app.name}`,
          resource: 'applications',
          recordId: id,
          changes,
        },
        now,
      );
      return { status: 200 as const, body: { data: toClient(row!, secret) } };
    });
  }

  async function rotateApplicationClientSecret(auth: AuthContext, id: string, request: FastifyRequest) {
    const now = config.now();
    return db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const app = await requireApplication(tx, id);
      const before = await clientRow(tx, id);
      if (!before) throw new HttpError(404, 'This application has no single sign-on client yet.');
      if (!before.is_confidential) throw new HttpError(400, 'A public client has no secret.');
      const secret = newSecret();
      const [row] = await rows<ClientRow>(
        tx,
        sql`update sso_clients set secret_ciphertext = ${box.sealText(secret)}, secret_created_at = ${now.toISOString()},
              updated_at = ${now.toISOString()}, modified_by_id = ${auth.user.id}
            where application_id = ${id} returning *`,
      );
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: `Rotated the client secret of ${app.name}`,
          resource: 'applications',
          recordId: id,
        },
        now,
      );
      return { status: 200 as const, body: { data: toClient(row!, secret) } };
    });
  }

  return {
    mount,
    provider,
    box,
    endCentralSessions,
    handlers: {
      getSignInRequest,
      completeSignInRequest,
      listMyApplications,
      getApplicationClient,
      saveApplicationClient,
      rotateApplicationClientSecret,
    },
  };
}
