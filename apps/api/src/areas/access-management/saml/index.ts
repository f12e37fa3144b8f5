import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as samlify from 'samlify';
import {
  SAML_NAME_ID_FORMATS,
  type SamlAttribute,
  type SamlNameIdFormat,
  type SamlServiceProvider,
  type SamlServiceProviderSettings,
} from '@campus/api-contract';
import { writeAudit } from '../../../platform/audit/audit.js';
import { RateLimiter } from '../../../platform/auth/rate-limit.js';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import type { AppContext } from '../../../context.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { NO_ACCESS, TOO_MANY_ATTEMPTS } from '../../../platform/guard.js';
import { HttpError } from '../../../platform/http/errors.js';
import { ssoSealer } from '../sso/keys.js';
import { escape, page } from '../sso/pages.js';
import { applicationAccess } from '../sso/access.js';
import { logoutRequestXml, logoutResponseXml, nameIdFor, responseXml } from './assertion.js';
import { samlSigningKey } from './keys.js';
import { BAD_REQUEST, decodeSamlParameter, PROTOCOL_NS, readSamlMessage, redirectOctetString, type SamlMessage } from './xml.js';

// Every message is checked against the SAML schemas before samlify reads it (the package ships no types).
samlify.setSchemaValidator(
  createRequire(import.meta.url)('@authenio/samlify-xmllint-wasm') as { validate: (xml: string) => Promise<unknown> },
);

/** Where the identity provider lives on the API. */
export const SAML_PATH = '/saml';
/** Pending SAML sign-ins have ids of their own shape, so the sign-in request routes can tell them from OIDC ones. */
const UID_PREFIX = 'saml_';
export const isSamlRequestId = (uid: string) => uid.startsWith(UID_PREFIX);

const EXPIRED_REQUEST = 'This sign-in request has expired. Start again from the application.';
const USED_REQUEST = 'This sign-in request was already used. Start again from the application.';
const UNKNOWN_SP = 'This application is not registered for single sign-on.';
const WRONG_ACS = 'The application asked for its answer at an address it has not registered. Nothing was sent.';
const UNSIGNED = 'This application must sign its sign-in requests; this one was not signed correctly.';
/** How long a pending sign-in waits for the user. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** A request whose IssueInstant is further than this from now is refused (its id is remembered at least this long). */
const REQUEST_AGE_MS = 5 * 60 * 1000;
/** How long an assertion may be used by the service provider. */
const ASSERTION_TTL_MS = 5 * 60 * 1000;
/** A sign-in at a service provider is remembered for single logout this long (the console session's longest). */
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Single logout in progress has ids of its own shape (a RelayState the service providers echo). */
const LOGOUT_PREFIX = 'slo_';
/** How long single logout waits for the browser to come back from the service providers. */
const LOGOUT_TTL_MS = 10 * 60 * 1000;
/** How long a service provider may act on a LogoutRequest (its NotOnOrAfter). */
const LOGOUT_REQUEST_TTL_MS = 5 * 60 * 1000;
const LOGOUT_GONE = 'This sign-out has already finished or has expired. You are signed out of the central account.';
const BROWSER_COOKIE = 'msc.saml.browser';
const POST = samlify.Constants.namespace.binding.post;
const REDIRECT = samlify.Constants.namespace.binding.redirect;

interface SpRow {
  application_id: string;
  entity_id: string;
  acs_url: string;
  slo_url: string | null;
  signing_certificate: string | null;
  encryption_certificate: string | null;
  requires_signed_requests: boolean;
  name_id_format: SamlNameIdFormat;
  released_attributes: SamlAttribute[];
  app_active?: boolean;
  app_name?: string;
}

/** A session at a service provider still to be ended by single logout. */
interface PendingLogout {
  readonly sessionIndex: string;
  readonly applicationId: string;
  readonly nameId: string;
}

/** Single logout on its way through the service providers (decision 0073). */
interface LogoutRow {
  uid: string;
  user_id: string;
  initiator_application_id: string | null;
  initiator_request_id: string | null;
  relay_state: string | null;
  pending: PendingLogout[];
  current_application_id: string | null;
  current_request_id: string | null;
  partial: boolean;
}

/** The service provider whose LogoutRequest started single logout, answered with a LogoutResponse at the end. */
interface LogoutInitiator {
  readonly applicationId: string;
  readonly requestId: string;
  readonly relayState: string | null;
}

/** What samlify's parsers take: the query (and the signed octet string) of a Redirect, or the body of a POST. */
type SamlHttpRequest = Parameters<samlify.IdentityProviderInstance['parseLogoutRequest']>[2];

interface RequestRow {
  uid: string;
  application_id: string;
  request_id: string | null;
  relay_state: string | null;
  force_authn: boolean;
  browser_hash: string;
  user_id: string | null;
  console_session_id: string | null;
  answered_at: string | Date | null;
  delivered_at: string | Date | null;
  expires_at: string | Date;
}

const asTx = (tx: unknown) => tx as Db;
const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const newId = () => `_${randomBytes(20).toString('hex')}`;

/**
 * SAML 2.0 identity provider (decision 0063), beside the OpenID Connect provider. A service provider's request
 * becomes a pending sign-in the console answers exactly as it answers an OpenID Connect one (`/auth?interaction=…`,
 * second factor and No Access included); the answer goes back to the browser that brought the request, which posts
 * the signed (and, when the provider gave a certificate, encrypted) assertion to the registered ACS URL.
 */
export function samlArea(ctx: AppContext, hooks: { readonly afterConsoleSessionsEnded?: (userId: string) => Promise<void> } = {}) {
  const { db, config } = ctx;
  const box = ssoSealer(config);
  const issuer = config.ssoIssuer ?? `http://${config.host}:${config.port}`;
  const consoleUrl = config.consoleUrl ?? 'http://127.0.0.1:3000';
  const base = `${issuer}${SAML_PATH}`;
  const idpEntityId = `${base}/metadata`;
  const limiter = new RateLimiter(db, 'saml', config.authRateLimit.max, config.authRateLimit.windowMs, config.now);
  const secure = issuer.startsWith('https:');

  let key: ReturnType<typeof samlSigningKey> | undefined;
  const signingKey = () => (key ??= samlSigningKey(db, box, config.now(), `Campus IAM SAML ${new URL(issuer).host}`).catch((e) => {
    key = undefined;
    throw e;
  }));

  /** The identity provider as samlify sees it for one service provider (its signing and encryption wishes). */
  async function identityProvider(sp?: SpRow) {
    const { privateKey, certificate } = await signingKey();
    // The encryption algorithms are read by samlify at run time but missing from its settings type.
    const settings: Parameters<typeof samlify.IdentityProvider>[0] & Record<string, unknown> = {
      entityID: idpEntityId,
      privateKey,
      signingCert: certificate,
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      wantAuthnRequestsSigned: Boolean(sp?.requires_signed_requests),
      // Checked when the identity provider reads a provider's LogoutRequest or LogoutResponse.
      wantLogoutRequestSigned: Boolean(sp?.requires_signed_requests),
      wantLogoutResponseSigned: Boolean(sp?.requires_signed_requests),
      isAssertionEncrypted: Boolean(sp?.encryption_certificate),
      dataEncryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
      keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
      nameIDFormat: Object.values(SAML_NAME_ID_FORMATS),
      singleSignOnService: [
        { Binding: REDIRECT, Location: `${base}/sso` },
        { Binding: POST, Location: `${base}/sso` },
      ],
      singleLogoutService: [
        { Binding: REDIRECT, Location: `${base}/slo` },
        { Binding: POST, Location: `${base}/slo` },
      ],
    };
    return samlify.IdentityProvider(settings);
  }

  const serviceProvider = (row: SpRow) =>
    samlify.ServiceProvider({
      entityID: row.entity_id,
      assertionConsumerService: [{ Binding: POST, Location: row.acs_url }],
      singleLogoutService: row.slo_url ? [{ Binding: REDIRECT, Location: row.slo_url }] : [],
      ...(row.signing_certificate ? { signingCert: row.signing_certificate } : {}),
      ...(row.encryption_certificate ? { encryptCert: row.encryption_certificate } : {}),
      authnRequestsSigned: row.requires_signed_requests,
      wantAssertionsSigned: true,
      wantMessageSigned: true,
      // What the identity provider sends during single logout is signed (the Redirect binding's query signature).
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
      nameIDFormat: [SAML_NAME_ID_FORMATS[row.name_id_format]],
    });

  const spByEntity = async (entityId: string) =>
    (
      await rows<SpRow>(
        db,
        sql`select p.*, a.is_active as app_active, a.name as app_name
              from saml_service_providers p join applications a on a.id = p.application_id where p.entity_id = ${entityId}`,
      )
    )[0];
  const spByApplication = async (applicationId: string) =>
    (
      await rows<SpRow>(
        db,
        sql`select p.*, a.is_active as app_active, a.name as app_name
              from saml_service_providers p join applications a on a.id = p.application_id where p.application_id = ${applicationId}`,
      )
    )[0];

  /** Counts a request to the identity provider's browser endpoints, per address, as sign-in is counted. */
  async function countAttempt(request: FastifyRequest) {
    if (!(await limiter.take(`saml:address:${request.ip}`))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  }

  /** The browser's own random value (a cookie on the identity provider's path), created when it has none. */
  function browserOf(request: FastifyRequest, reply: FastifyReply): string {
    const found = /(?:^|;\s*)msc\.saml\.browser=([A-Za-z0-9_-]{32,64})/.exec(request.headers.cookie ?? '')?.[1];
    if (found) return found;
    const value = randomBytes(32).toString('base64url');
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${value}; Path=${SAML_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
    return value;
  }

  /**
   * Verifies a message's signature through samlify (schema validation included) for the provider that sent it. A
   * provider that must sign is refused an unsigned message; a signed message from a provider with a certificate is
   * always checked. True when a signature was checked and held.
   */
  async function verified(
    sp: SpRow,
    message: SamlMessage,
    binding: 'redirect' | 'post',
    request: FastifyRequest,
    kind: 'login' | 'logout' | 'logout-response',
  ): Promise<boolean> {
    const query = request.query as Record<string, unknown>;
    const signed = binding === 'redirect' ? typeof query.Signature === 'string' && typeof query.SigAlg === 'string' : message.isSigned;
    if (sp.requires_signed_requests && !signed) throw new HttpError(403, UNSIGNED);
    const mustCheck = sp.requires_signed_requests || (signed && Boolean(sp.signing_certificate));
    const idp = await identityProvider({ ...sp, requires_signed_requests: mustCheck });
    const spEntity = serviceProvider(sp);
    const field = kind === 'logout-response' ? 'SAMLResponse' : 'SAMLRequest';
    const req: SamlHttpRequest =
      binding === 'redirect'
        ? { query, octetString: redirectOctetString(request.url, field) }
        : { body: { [field]: (request.body as Record<string, unknown>)[field] } };
    try {
      if (kind === 'login') await idp.parseLoginRequest(spEntity, binding, req);
      else if (kind === 'logout') await idp.parseLogoutRequest(spEntity, binding, req);
      else await idp.parseLogoutResponse(spEntity, binding, req);
    } catch (error) {
      const reason = String((error as Error)?.message ?? error);
      if (mustCheck && /SIGNATURE|SIG_ALG/i.test(reason)) throw new HttpError(403, UNSIGNED);
      throw new HttpError(400, BAD_REQUEST);
    }
    return mustCheck;
  }

  /** A message's parameters from the binding it came by. */
  function parameters(request: FastifyRequest): { binding: 'redirect' | 'post'; values: Record<string, unknown> } {
    if (request.method === 'POST') return { binding: 'post', values: (request.body as Record<string, unknown>) ?? {} };
    return { binding: 'redirect', values: request.query as Record<string, unknown> };
  }

  const relayStateOf = (value: unknown) => {
    if (value === undefined || value === null || value === '') return null;
    // SAML bindings §3.4.3: at most 80 bytes.
    if (typeof value !== 'string' || Buffer.byteLength(value) > 80) throw new HttpError(400, BAD_REQUEST);
    return value;
  };

  /** Starts a pending sign-in and sends the browser to the console's sign-in page. */
  async function startPending(
    reply: FastifyReply,
    request: FastifyRequest,
    sp: SpRow,
    fields: { requestId: string | null; relayState: string | null; forceAuthn: boolean },
  ) {
    const now = config.now();
    const uid = `${UID_PREFIX}${randomBytes(24).toString('base64url')}`;
    const browser = browserOf(request, reply);
    const [inserted] = await rows<{ uid: string }>(
      db,
      sql`insert into saml_requests (uid, application_id, request_id, relay_state, force_authn, browser_hash, created_at, expires_at)
          values (${uid}, ${sp.application_id}, ${fields.requestId}, ${fields.relayState}, ${fields.forceAuthn}, ${digest(browser)},
                  ${now.toISOString()}, ${new Date(now.getTime() + REQUEST_TTL_MS).toISOString()})
          on conflict (application_id, request_id) do nothing returning uid`,
    );
    if (!inserted) throw new HttpError(400, USED_REQUEST);
    return reply.redirect(`${consoleUrl}/auth?interaction=${encodeURIComponent(uid)}`, 303);
  }

  /** `GET|POST /saml/sso`: an AuthnRequest by the HTTP-Redirect or HTTP-POST binding. */
  async function receiveAuthnRequest(request: FastifyRequest, reply: FastifyReply) {
    await countAttempt(request);
    const { binding, values } = parameters(request);
    const message = readSamlMessage(decodeSamlParameter(values.SAMLRequest, binding), ['AuthnRequest']);
    const sp = await spByEntity(message.issuer);
    if (!sp?.app_active) throw new HttpError(400, UNKNOWN_SP);
    await verified(sp, message, binding, request, 'login');
    const acs = message.attribute('AssertionConsumerServiceURL');
    const index = message.attribute('AssertionConsumerServiceIndex');
    const protocolBinding = message.attribute('ProtocolBinding');
    // The answer goes only to the registered address; a request naming another is refused and nothing is posted.
    if ((acs && acs !== sp.acs_url) || (index && index !== '0') || (protocolBinding && protocolBinding !== POST))
      throw new HttpError(400, WRONG_ACS);
    if (message.destination && message.destination !== `${base}/sso`) throw new HttpError(400, BAD_REQUEST);
    const age = Math.abs(config.now().getTime() - message.issueInstant.getTime());
    if (age > REQUEST_AGE_MS) throw new HttpError(400, EXPIRED_REQUEST);
    return startPending(reply, request, sp, {
      requestId: message.id,
      relayState: relayStateOf(values.RelayState),
      forceAuthn: message.attribute('ForceAuthn') === 'true' || message.attribute('ForceAuthn') === '1',
    });
  }

  /** `GET /saml/start?sp={entity id}`: sign-in started here (IdP-initiated), for a registered provider. */
  async function startIdpInitiated(request: FastifyRequest, reply: FastifyReply) {
    await countAttempt(request);
    const query = request.query as Record<string, unknown>;
    const sp = typeof query.sp === 'string' ? await spByEntity(query.sp) : undefined;
    if (!sp?.app_active) throw new HttpError(404, UNKNOWN_SP);
    return startPending(reply, request, sp, { requestId: null, relayState: relayStateOf(query.RelayState), forceAuthn: false });
  }

  async function pending(uid: string) {
    const [row] = await rows<RequestRow & { app_name: string; entity_id: string }>(
      db,
      sql`select r.*, a.name as app_name, p.entity_id from saml_requests r
            join applications a on a.id = r.application_id
            join saml_service_providers p on p.application_id = r.application_id
           where r.uid = ${uid}`,
    );
    if (!row || row.delivered_at || new Date(row.expires_at).getTime() <= config.now().getTime())
      throw new HttpError(404, EXPIRED_REQUEST);
    return row;
  }

  /** The pending sign-in as the console's sign-in page shows it (the contract's sign-in request). */
  async function getSignInRequest(uid: string) {
    const row = await pending(uid);
    return {
      status: 200 as const,
      body: {
        data: {
          clientId: row.entity_id,
          applicationName: row.app_name,
          prompt: 'login',
          reauthenticate: row.force_authn && !row.answered_at,
        },
      },
    };
  }

  /** The signed-in user answers: allowed → on to the continue address; without a role → No Access. */
  async function completeSignInRequest(auth: AuthContext, uid: string, request: FastifyRequest) {
    const row = await pending(uid);
    const now = config.now();
    const access = await applicationAccess(db, auth.user.id, { applicationId: row.application_id });
    const actor = { id: auth.user.id, email: auth.user.email, ip: request.ip };
    if (!access?.allowed) {
      await writeAudit(
        db,
        { actor, activity: `Single sign-on refused: no access to ${row.app_name} (SAML)`, resource: 'users', recordId: auth.user.id },
        now,
      );
      throw new HttpError(403, NO_ACCESS);
    }
    await db.execute(
      sql`update saml_requests set user_id = ${auth.user.id}, console_session_id = ${auth.sessionId}, answered_at = ${now.toISOString()}
          where uid = ${uid} and delivered_at is null`,
    );
    await writeAudit(
      db,
      { actor, activity: `Signed in to ${access.applicationName} (single sign-on, SAML)`, resource: 'users', recordId: auth.user.id },
      now,
    );
    return { status: 200 as const, body: { data: { redirectTo: `${base}/continue/${uid}` } } };
  }

  /** The page that posts a SAML message to the service provider (a button without JavaScript). */
  function postPage(reply: FastifyReply, action: string, fields: Record<string, string | null>) {
    const inputs = Object.entries(fields)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
      .join('');
    const nonce = randomBytes(16).toString('base64');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${new URL(action).origin}`)
      .send(
        page(
          'Continue',
          `<h1>Continue</h1><p>Signing you in to the application…</p><form method="post" action="${escape(action)}">${inputs}<button class="primary" type="submit">Continue</button></form>` +
            `<script nonce="${nonce}">document.forms[0].submit()</script>`,
        ),
      );
    return reply;
  }

  /** `GET /saml/continue/{uid}`: the answered sign-in, delivered once to the browser that brought the request. */
  async function deliver(request: FastifyRequest, reply: FastifyReply) {
    const uid = (request.params as { uid: string }).uid;
    const browser = /(?:^|;\s*)msc\.saml\.browser=([A-Za-z0-9_-]{32,64})/.exec(request.headers.cookie ?? '')?.[1];
    const now = config.now();
    const [row] = await rows<RequestRow>(
      db,
      sql`update saml_requests set delivered_at = ${now.toISOString()}
           where uid = ${uid} and answered_at is not null and delivered_at is null and expires_at > ${now.toISOString()}
             and browser_hash = ${digest(browser ?? '')}
          returning *`,
    );
    if (!row?.user_id) throw new HttpError(404, EXPIRED_REQUEST);
    const sp = await spByApplication(row.application_id);
    const access = await applicationAccess(db, row.user_id, { applicationId: row.application_id });
    if (!sp?.app_active) throw new HttpError(404, EXPIRED_REQUEST);
    if (!access?.allowed) throw new HttpError(403, NO_ACCESS);
    const nameId = nameIdFor(sp.name_id_format, access, sp.entity_id, config.sessionSecret);
    const sessionIndex = newId();
    const xml = responseXml({
      responseId: newId(),
      assertionId: newId(),
      issuer: idpEntityId,
      audience: sp.entity_id,
      acsUrl: sp.acs_url,
      inResponseTo: row.request_id,
      nameIdFormat: sp.name_id_format,
      nameId,
      sessionIndex,
      now,
      validForMs: ASSERTION_TTL_MS,
      access,
      released: sp.released_attributes,
    });
    const idp = await identityProvider(sp);
    const made = await idp.createLoginResponse(serviceProvider(sp), { extract: {} }, 'post', { email: nameId }, {
      customTagReplacement: () => ({ id: '', context: xml }),
      encryptThenSign: true,
    });
    await db.execute(
      sql`insert into saml_sessions (session_index, application_id, user_id, console_session_id, name_id, created_at, expires_at)
          values (${sessionIndex}, ${sp.application_id}, ${row.user_id}, ${row.console_session_id}, ${nameId}, ${now.toISOString()},
                  ${new Date(now.getTime() + SESSION_TTL_MS).toISOString()})`,
    );
    return postPage(reply, sp.acs_url, { SAMLResponse: made.context, RelayState: row.relay_state });
  }

  /**
   * Starts single logout for console sessions that just ended (decision 0073): their SAML sessions are removed, and
   * those at service providers with a single logout URL, other than the one that started the logout, are listed to be
   * sent a LogoutRequest one after another through the browser. Undefined when there is nobody to tell.
   */
  async function beginLogout(tx: Db, userId: string, consoleSessionIds: readonly string[], initiator: LogoutInitiator | null) {
    const now = config.now();
    const consoles = `{${consoleSessionIds.join(',')}}`;
    const except = initiator?.applicationId ?? null;
    const others = await rows<{ session_index: string; application_id: string; name_id: string }>(
      tx,
      sql`select x.session_index, x.application_id, x.name_id
            from saml_sessions x join saml_service_providers p on p.application_id = x.application_id
           where x.console_session_id = any(${consoles}::uuid[]) and p.slo_url is not null and x.expires_at > ${now.toISOString()}
             and (${except}::uuid is null or x.application_id <> ${except}::uuid)
           order by x.created_at, x.session_index`,
    );
    await tx.execute(sql`delete from saml_sessions where console_session_id = any(${consoles}::uuid[])`);
    if (!others.length) return undefined;
    const uid = `${LOGOUT_PREFIX}${randomBytes(24).toString('base64url')}`;
    const pending: PendingLogout[] = others.map((o) => ({ sessionIndex: o.session_index, applicationId: o.application_id, nameId: o.name_id }));
    await tx.execute(
      sql`insert into saml_logouts (uid, user_id, initiator_application_id, initiator_request_id, relay_state, pending, created_at, expires_at)
          values (${uid}, ${userId}, ${initiator?.applicationId ?? null}, ${initiator?.requestId ?? null}, ${initiator?.relayState ?? null},
                  ${JSON.stringify(pending)}::jsonb, ${now.toISOString()}, ${new Date(now.getTime() + LOGOUT_TTL_MS).toISOString()})`,
    );
    return uid;
  }

  /**
   * Ends the console sessions a service provider's LogoutRequest names (through their SAML sessions), with an audit
   * row each, and starts single logout of that user's other service providers. Answers the logout's id, if any.
   */
  async function endSessions(sessionIndexes: string[], ip: string, initiator: LogoutInitiator) {
    const at = config.now();
    const indexes = `{${sessionIndexes.join(',')}}`;
    const ended = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const consoles = await rows<{ console_session_id: string | null; user_id: string }>(
        tx,
        sql`select distinct console_session_id, user_id from saml_sessions where session_index = any(${indexes}::text[])`,
      );
      const users = [...new Set(consoles.map((c) => c.user_id))];
      await tx.execute(sql`delete from saml_sessions where session_index = any(${indexes}::text[])`);
      let uid: string | undefined;
      for (const userId of users) {
        const sessions = consoles.filter((c) => c.user_id === userId && c.console_session_id).map((c) => c.console_session_id!);
        if (sessions.length)
          await tx.execute(
            sql`update sessions set revoked_at = ${at.toISOString()} where id = any(${`{${sessions.join(',')}}`}::uuid[]) and revoked_at is null`,
          );
        const [user] = await rows<{ email: string }>(tx, sql`select email from users where id = ${userId}`);
        await writeAudit(
          tx,
          { actor: { id: userId, email: user?.email ?? '', ip }, activity: 'Signed out (single logout, SAML)', resource: 'users', recordId: userId },
          at,
        );
        const started = sessions.length ? await beginLogout(tx, userId, sessions, initiator) : undefined;
        uid ??= started;
      }
      return { users, uid };
    });
    // Its OpenID Connect relying parties are treated as at a console sign-out: the central sessions end.
    for (const userId of ended.users) await hooks.afterConsoleSessionsEnded?.(userId);
    return ended.uid;
  }

  /**
   * Takes the next session off a logout in progress and records the LogoutRequest about to be sent for it. Undefined
   * when the logout is unknown, expired, or waiting for a provider's answer; `next` undefined when none is left (the
   * row is then removed).
   */
  async function takeNext(uid: string, requestId: string) {
    return db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [row] = await rows<LogoutRow>(
        tx,
        sql`select * from saml_logouts where uid = ${uid} and current_request_id is null and expires_at > ${config.now().toISOString()} for update`,
      );
      if (!row) return undefined;
      const [next, ...rest] = row.pending;
      if (!next) {
        await tx.execute(sql`delete from saml_logouts where uid = ${uid}`);
        return { row, next: undefined };
      }
      await tx.execute(
        sql`update saml_logouts set pending = ${JSON.stringify(rest)}::jsonb, current_application_id = ${next.applicationId},
              current_request_id = ${requestId} where uid = ${uid}`,
      );
      return { row, next };
    });
  }

  /**
   * Sends the browser on to the next service provider with a signed LogoutRequest (HTTP-Redirect), or, when none is
   * left, back to where the logout started: the provider that asked, with its LogoutResponse, or the console.
   */
  async function advance(uid: string, reply: FastifyReply): Promise<FastifyReply> {
    for (;;) {
      const requestId = newId();
      const taken = await takeNext(uid, requestId);
      if (!taken) throw new HttpError(404, LOGOUT_GONE);
      const { row, next } = taken;
      if (!next) {
        if (!row.initiator_application_id) return reply.redirect(`${consoleUrl}/`, 303);
        return answerLogout(reply, await spByApplication(row.initiator_application_id), row.initiator_request_id, row.relay_state, row.partial);
      }
      const sp = await spByApplication(next.applicationId);
      if (!sp?.slo_url) {
        // The provider was removed or lost its logout address meanwhile: the logout is partial.
        await db.execute(
          sql`update saml_logouts set current_request_id = null, current_application_id = null, partial = true where uid = ${uid}`,
        );
        continue;
      }
      const idp = await identityProvider(sp);
      const sloUrl = sp.slo_url;
      const made = idp.createLogoutRequest(
        serviceProvider(sp),
        'redirect',
        { logoutNameID: next.nameId, sessionIndex: next.sessionIndex },
        {
          relayState: uid,
          customTagReplacement: () => ({
            id: requestId,
            context: logoutRequestXml({
              id: requestId,
              issuer: idpEntityId,
              destination: sloUrl,
              audience: sp.entity_id,
              nameIdFormat: sp.name_id_format,
              nameId: next.nameId,
              sessionIndex: next.sessionIndex,
              now: config.now(),
              validForMs: LOGOUT_REQUEST_TTL_MS,
            }),
          }),
        },
      );
      return reply.redirect(made.context, 303);
    }
  }

  /** The LogoutResponse to the provider that started single logout (signed, HTTP-Redirect), or a page when it has no address. */
  async function answerLogout(reply: FastifyReply, sp: SpRow | undefined, requestId: string | null, relayState: string | null, partial: boolean) {
    if (!sp?.slo_url || !requestId)
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page('Signed out', '<h1>Signed out</h1><p>You have signed out of the central account.</p>'));
    const idp = await identityProvider(sp);
    const sloUrl = sp.slo_url;
    const answer = idp.createLogoutResponse(serviceProvider(sp), { extract: { request: { id: requestId } } }, 'redirect', {
      ...(relayState ? { relayState } : {}),
      customTagReplacement: () => {
        const id = newId();
        return { id, context: logoutResponseXml({ id, issuer: idpEntityId, destination: sloUrl, inResponseTo: requestId, now: config.now(), partial }) };
      },
    });
    return reply.redirect(answer.context, 303);
  }

  /**
   * `GET|POST /saml/slo` with a `SAMLRequest`: a provider's LogoutRequest ends the user's console session there, and
   * single logout goes on to that session's other providers before the LogoutResponse. With a `SAMLResponse`: a
   * provider's answer to our LogoutRequest, and on to the next.
   */
  async function receiveLogoutRequest(request: FastifyRequest, reply: FastifyReply) {
    await countAttempt(request);
    const { binding, values } = parameters(request);
    if (values.SAMLRequest === undefined && values.SAMLResponse !== undefined) return receiveLogoutResponse(request, reply, binding, values);
    const message = readSamlMessage(decodeSamlParameter(values.SAMLRequest, binding), ['LogoutRequest']);
    const sp = await spByEntity(message.issuer);
    if (!sp) throw new HttpError(400, UNKNOWN_SP);
    const signed = await verified(sp, message, binding, request, 'logout');
    const nameId = message.childText('NameID');
    const sessionIndex = message.childText('SessionIndex', PROTOCOL_NS);
    const relayState = relayStateOf(values.RelayState);
    // An unsigned request must name the sign-in it ends by its SessionIndex, which only that provider was given; a
    // NameID alone (an email address) would let any page sign anyone out.
    const found =
      signed || sessionIndex
        ? await rows<{ session_index: string }>(
            db,
            sql`select session_index from saml_sessions
                 where application_id = ${sp.application_id} and name_id = ${nameId ?? ''}
                   and (${sessionIndex}::text is null or session_index = ${sessionIndex})`,
          )
        : [];
    const uid = found.length
      ? await endSessions(
          found.map((f) => f.session_index),
          request.ip,
          { applicationId: sp.application_id, requestId: message.id, relayState },
        )
      : undefined;
    if (uid) return advance(uid, reply);
    return answerLogout(reply, sp, message.id, relayState, false);
  }

  /** A provider's LogoutResponse to the LogoutRequest single logout sent it: matched once, then on to the next provider. */
  async function receiveLogoutResponse(request: FastifyRequest, reply: FastifyReply, binding: 'redirect' | 'post', values: Record<string, unknown>) {
    const message = readSamlMessage(decodeSamlParameter(values.SAMLResponse, binding), ['LogoutResponse']);
    const inResponseTo = message.attribute('InResponseTo');
    const [row] = inResponseTo
      ? await rows<LogoutRow>(
          db,
          sql`select * from saml_logouts where current_request_id = ${inResponseTo} and expires_at > ${config.now().toISOString()}`,
        )
      : [];
    if (!row) throw new HttpError(400, LOGOUT_GONE);
    const sp = row.current_application_id ? await spByApplication(row.current_application_id) : undefined;
    // A provider that refused (a status other than Success), answered unsigned when it must sign, or is not who the
    // request went to, leaves the logout partial; the others are still told.
    let done = false;
    if (sp && sp.entity_id === message.issuer) {
      try {
        await verified(sp, message, binding, request, 'logout-response');
        done = true;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
    const [cleared] = await rows<{ uid: string }>(
      db,
      sql`update saml_logouts set current_request_id = null, current_application_id = null, partial = partial or ${!done}
           where uid = ${row.uid} and current_request_id = ${inResponseTo} returning uid`,
    );
    if (!cleared) throw new HttpError(400, LOGOUT_GONE);
    return advance(row.uid, reply);
  }

  /** `GET /saml/logout/{uid}`: the console signed the user out; the browser goes through the providers from here. */
  async function continueLogout(request: FastifyRequest, reply: FastifyReply) {
    await countAttempt(request);
    const uid = (request.params as { uid: string }).uid;
    if (!uid.startsWith(LOGOUT_PREFIX)) throw new HttpError(404, LOGOUT_GONE);
    return advance(uid, reply);
  }

  /** Browser-facing routes answer with a page, not JSON. */
  const asPage =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>, heading = 'Sign-in failed') =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return reply
          .code(error.statusCode)
          .type('text/html; charset=utf-8')
          .send(page(heading, `<h1>${escape(heading)}</h1><p>${escape(error.message)}</p>`));
      }
    };

  async function metadata(_request: FastifyRequest, reply: FastifyReply) {
    const idp = await identityProvider();
    return reply.type('application/samlmetadata+xml').header('cache-control', 'public, max-age=300').send(idp.getMetadata());
  }

  function mount(app: FastifyInstance) {
    return app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.get(`${SAML_PATH}/metadata`, metadata);
      scope.get(`${SAML_PATH}/sso`, asPage(receiveAuthnRequest));
      scope.post(`${SAML_PATH}/sso`, asPage(receiveAuthnRequest));
      scope.get(`${SAML_PATH}/start`, asPage(startIdpInitiated));
      scope.get(`${SAML_PATH}/continue/:uid`, asPage(deliver));
      scope.get(`${SAML_PATH}/slo`, asPage(receiveLogoutRequest, 'Sign-out failed'));
      scope.post(`${SAML_PATH}/slo`, asPage(receiveLogoutRequest, 'Sign-out failed'));
      scope.get(`${SAML_PATH}/logout/:uid`, asPage(continueLogout, 'Sign-out failed'));
    });
  }

  /**
   * Console sign-out (one session, or every session of the user at once): the SAML sessions those console sessions
   * answered are ended at their service providers. Answers where the browser goes to be taken through them
   * (`/saml/logout/{uid}`), when any has a single logout URL.
   */
  async function afterConsoleSignOut(userId: string, consoleSessionIds: readonly string[]): Promise<string | undefined> {
    if (!consoleSessionIds.length) return undefined;
    const uid = await db.transaction(async (tx) => beginLogout(asTx(tx), userId, consoleSessionIds, null));
    return uid ? `${base}/logout/${uid}` : undefined;
  }

  const toProvider = (row: SpRow): SamlServiceProvider => ({
    applicationId: row.application_id,
    entityId: row.entity_id,
    acsUrl: row.acs_url,
    sloUrl: row.slo_url,
    signingCertificate: row.signing_certificate,
    encryptionCertificate: row.encryption_certificate,
    requiresSignedRequests: row.requires_signed_requests,
    nameIdFormat: row.name_id_format,
    releasedAttributes: row.released_attributes,
    idpMetadataUrl: `${base}/metadata`,
    idpEntityId,
    idpInitiatedUrl: `${base}/start?sp=${encodeURIComponent(row.entity_id)}`,
  });

  async function requireApplication(tx: Db, id: string) {
    const [app] = await rows<{ id: string; name: string }>(tx, sql`select id, name from applications where id = ${id}`);
    if (!app) throw new HttpError(404, 'Application not found.');
    return app;
  }

  async function getProvider(id: string) {
    await requireApplication(db, id);
    const row = await spByApplication(id);
    return { status: 200 as const, body: { data: row ? toProvider(row) : null } };
  }

  /** A certificate the service provider gave must parse (its public key is what checks or encrypts). */
  function checkCertificate(pem: string | null, field: string) {
    if (!pem) return;
    try {
      new X509Certificate(pem);
    } catch {
      const message = 'This certificate could not be read.';
      throw new HttpError(400, message, { [field]: [message] });
    }
  }

  async function saveProvider(auth: AuthContext, id: string, body: SamlServiceProviderSettings, request: FastifyRequest) {
    const now = config.now();
    checkCertificate(body.signingCertificate, 'signingCertificate');
    checkCertificate(body.encryptionCertificate, 'encryptionCertificate');
    return db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const app = await requireApplication(tx, id);
      const [clash] = await rows<{ name: string }>(
        tx,
        sql`select a.name from saml_service_providers p join applications a on a.id = p.application_id
             where p.entity_id = ${body.entityId} and p.application_id <> ${id}`,
      );
      if (clash) {
        const message = `Entity id is existing in ${clash.name}.`;
        throw new HttpError(409, message, { entityId: [message] });
      }
      const [before] = await rows<SpRow>(tx, sql`select * from saml_service_providers where application_id = ${id} for update`);
      const attributes = `{${body.releasedAttributes.join(',')}}`;
      const [row] = await rows<SpRow>(
        tx,
        sql`insert into saml_service_providers (application_id, entity_id, acs_url, slo_url, signing_certificate, encryption_certificate,
              requires_signed_requests, name_id_format, released_attributes, created_at, updated_at, modified_by_id)
            values (${id}, ${body.entityId}, ${body.acsUrl}, ${body.sloUrl}, ${body.signingCertificate}, ${body.encryptionCertificate},
              ${body.requiresSignedRequests}, ${body.nameIdFormat}, ${attributes}::text[], ${now.toISOString()}, ${now.toISOString()}, ${auth.user.id})
            on conflict (application_id) do update set entity_id = excluded.entity_id, acs_url = excluded.acs_url, slo_url = excluded.slo_url,
              signing_certificate = excluded.signing_certificate, encryption_certificate = excluded.encryption_certificate,
              requires_signed_requests = excluded.requires_signed_requests, name_id_format = excluded.name_id_format,
              released_attributes = excluded.released_attributes, updated_at = excluded.updated_at, modified_by_id = excluded.modified_by_id
            returning *`,
      );
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      const previous = before ? toProvider(before) : undefined;
      for (const field of Object.keys(body) as (keyof SamlServiceProviderSettings)[]) {
        const was = previous?.[field] ?? null;
        if (JSON.stringify(was) !== JSON.stringify(body[field])) changes[field] = { before: was, after: body[field] };
      }
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: `${before ? 'Changed' : 'Registered'} the SAML service provider of ${app.name}`,
          resource: 'applications',
          recordId: id,
          changes,
        },
        now,
      );
      return { status: 200 as const, body: { data: toProvider(row!) } };
    });
  }

  return {
    mount,
    afterConsoleSignOut,
    signInRequests: { getSignInRequest, completeSignInRequest },
    handlers: { getProvider, saveProvider },
  };
}
