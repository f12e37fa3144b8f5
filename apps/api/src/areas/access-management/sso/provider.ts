import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Provider, { type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { rows, type Db } from '../../../platform/db/client.js';
import { adapterFactory } from './adapter.js';
import { applicationAccess, claimsOf } from './access.js';
import { loadSigningKeys } from './keys.js';
import type { Sealer } from '../../../platform/sealer.js';
import { errorPage, logoutPage, signedOutPage } from './pages.js';
import { consoleSessionBridge } from './console-sessions.js';

/** Where the provider's endpoints live on the API (discovery stays at the root, where clients look for it). */
export const SSO_PATH = '/oidc';
export const SSO_SCOPES = ['openid', 'offline_access', 'email', 'profile', 'roles'];

export interface SsoProviderOptions {
  readonly db: Db;
  readonly box: Sealer;
  readonly issuer: string;
  /** The console, whose `/auth?clientId=…&interaction=…` page signs the user in. */
  readonly consoleUrl: string;
  /** Signs the provider's cookies. */
  readonly cookieSecret: string;
  /** The API's clock (audit rows and revocations). */
  readonly now: () => Date;
}

interface ClientRow {
  client_id: string;
  is_confidential: boolean;
  secret_ciphertext: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  allow_refresh_tokens: boolean;
  access_token_minutes: number;
  refresh_token_days: number;
  app_active: boolean;
}

/** A registered application's client settings, as the client metadata the provider validates. */
async function clientMetadata(db: Db, box: Sealer, clientId: string): Promise<AdapterPayload | undefined> {
  const [row] = await rows<ClientRow>(
    db,
    sql`select c.client_id, c.is_confidential, c.secret_ciphertext, c.redirect_uris, c.post_logout_redirect_uris,
               c.allow_refresh_tokens, c.access_token_minutes, c.refresh_token_days, a.is_active as app_active
          from sso_clients c join applications a on a.id = c.application_id where c.client_id = ${clientId}`,
  );
  if (!row?.app_active || !row.redirect_uris.length) return undefined;
  if (row.is_confidential && !row.secret_ciphertext) return undefined;
  return {
    client_id: row.client_id,
    ...(row.is_confidential
      ? { client_secret: box.openText(row.secret_ciphertext!), token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    grant_types: row.allow_refresh_tokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
    response_types: ['code'],
    campus_access_token_ttl: row.access_token_minutes * 60,
    campus_refresh_token_ttl: row.refresh_token_days * 86400,
  };
}

const clientTtl = (client: unknown, key: string, fallback: number) => {
  const value = (client as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' && value > 0 ? value : fallback;
};

/** The provider with its current key set; `reloadAt` says when the keys must be read again. */
export async function createSsoProvider(
  options: SsoProviderOptions,
): Promise<{ provider: Provider; reloadAt: Date }> {
  const { db, box } = options;
  const keySet = await loadSigningKeys(db, box, new Date());
  const realNow = () => new Date();

  const configuration: Configuration = {
    adapter: adapterFactory(db, realNow, (id) => clientMetadata(db, box, id)),
    jwks: { keys: keySet.keys },
    scopes: SSO_SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'given_name', 'middle_name', 'family_name'],
      roles: ['roles', 'modules', 'services'],
    },
    // The ID token carries the granted claims too, not only userinfo (issue 16).
    conformIdTokenClaims: false,
    extraClientMetadata: { properties: ['campus_access_token_ttl', 'campus_refresh_token_ttl'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
    cookies: {
      keys: [createHmac('sha256', options.cookieSecret).update('campus-sso-cookies').digest('base64url')],
      names: { session: 'msc.cas.session', interaction: 'msc.cas.interaction', resume: 'msc.cas.resume' },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutPage, postLogoutSuccessSource: signedOutPage },
    },
    routes: {
      authorization: `${SSO_PATH}/auth`,
      token: `${SSO_PATH}/token`,
      userinfo: `${SSO_PATH}/me`,
      jwks: `${SSO_PATH}/jwks`,
      end_session: `${SSO_PATH}/session/end`,
      revocation: `${SSO_PATH}/token/revocation`,
      introspection: `${SSO_PATH}/token/introspection`,
      code_verification: `${SSO_PATH}/device`,
      device_authorization: `${SSO_PATH}/device/auth`,
      pushed_authorization_request: `${SSO_PATH}/request`,
      backchannel_authentication: `${SSO_PATH}/backchannel`,
      registration: `${SSO_PATH}/reg`,
      challenge: `${SSO_PATH}/challenge`,
    },
    interactions: {
      url: (_ctx, interaction) =>
        `${options.consoleUrl}/auth?clientId=${encodeURIComponent(String(interaction.params.client_id ?? ''))}&interaction=${encodeURIComponent(interaction.uid)}`,
    },
    // Refresh tokens for every client allowed the grant; they end with the central session (no offline_access
    // consent screen: these are the university's own applications).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: (_ctx, _token, client) => clientTtl(client, 'campus_access_token_ttl', 3600),
      RefreshToken: (_ctx, _token, client) => clientTtl(client, 'campus_refresh_token_ttl', 14 * 86400),
      IdToken: 3600,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 12 * 3600,
      Grant: 14 * 86400,
    },
    /**
     * First-party applications: no consent screen. A grant is made for a user who may use the application; one who
     * may not gets none, so the provider asks the sign-in page again, which shows No Access.
     */
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const accountId = ctx.oidc.result?.login?.accountId ?? session.accountId;
      if (!accountId) return undefined;
      const access = await applicationAccess(db, accountId, { clientId: client.clientId });
      if (!access?.allowed) return undefined;
      const existingId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = existingId ? await ctx.oidc.provider.Grant.find(existingId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(SSO_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    /** Every use of a token looks the user up again: a deactivated user or one without a role gets nothing. */
    findAccount: async (ctx, sub) => {
      const clientId = ctx.oidc.client?.clientId;
      if (!clientId) return undefined;
      const access = await applicationAccess(db, sub, { clientId });
      if (!access?.allowed) return undefined;
      return { accountId: sub, claims: async () => ({ ...claimsOf(access), sub }) };
    },
    renderError: errorPage,
  };

  const provider = new Provider(options.issuer, configuration);
  // Single logout reaches the console session of the same browser (decision 0052).
  provider.use(consoleSessionBridge(db, options.now));
  return { provider, reloadAt: keySet.reloadAt };
}
