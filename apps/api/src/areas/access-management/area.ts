import type { FastifyRequest } from 'fastify';
import type { AppRoute } from '@ts-rest/core';
import type { ScimDeliveryQuery } from '@campus/api-contract';
import { directoryContract, outboxContract, passkeyContract, samlContract, scimContract, secondFactorContract, settingsContract, ssoContract } from '@campus/api-contract';
import type { AppContext } from '../../context.js';
import type { AreaManifest, ContractHandlers } from '../../platform/area.js';
import type { AuthContext } from '../../platform/auth/sessions.js';
import { accessAttention } from './attention.js';
import { seedSsoDemo } from './sso/seed.js';
import { roleHooks } from './hooks/roles.js';
import { getOutboxMessage } from './routes/get-outbox-message.js';
import { listOutbox } from './routes/list-outbox.js';
import { userHooks } from './hooks/users.js';
import { settingsHandlers } from './settings/index.js';
import { ssoArea } from './sso/index.js';
import { totpArea } from './totp/index.js';
import { passkeyArea } from './passkeys/index.js';
import { isSamlRequestId, samlArea } from './saml/index.js';
import { directoryArea, DIRECTORY_SYNC_SCHEDULE } from './directory/index.js';
import { scimArea } from './scim/index.js';

/** Any signed-in user may read their own account as `GET /core/v1.0/users?search=_id:{own id}` (spec §7). */
function isOwnAccountLookup(request: FastifyRequest, route: AppRoute, auth: AuthContext): boolean {
  const meta = route.metadata as { resource?: string; operation?: string } | undefined;
  if (meta?.resource !== 'users' || meta.operation !== 'list') return false;
  const query = request.query as Record<string, unknown>;
  const keys = Object.keys(query).filter((k) => k !== 'page' && k !== 'limit');
  return keys.length === 1 && query.search === `_id:${auth.user.id}`;
}

/** Single sign-on and the second factors, made once per application context and shared by what uses them. */
interface Runtime {
  sso: ReturnType<typeof ssoArea>;
  totp: ReturnType<typeof totpArea>;
  passkeys: ReturnType<typeof passkeyArea>;
  saml: ReturnType<typeof samlArea>;
  directory: ReturnType<typeof directoryArea>;
  scim: ReturnType<typeof scimArea>;
}
const runtimes = new WeakMap<AppContext, Runtime>();
function runtimeOf(ctx: AppContext) {
  let found = runtimes.get(ctx);
  if (!found) {
    const sso = ssoArea(ctx);
    // Single logout from a SAML service provider ends the console session; its OpenID Connect relying parties are
    // then treated as at a console sign-out.
    const saml = samlArea(ctx, { afterConsoleSessionsEnded: (userId) => sso.endCentralSessions(userId) });
    runtimes.set(ctx, (found = { sso, totp: totpArea(ctx), passkeys: passkeyArea(ctx), saml, directory: directoryArea(ctx), scim: scimArea(ctx) }));
  }
  return found;
}

type Input = { params: Record<string, string>; query: never; body: never; request: FastifyRequest };

/** Identity and Access Management: applications, modules, services, roles and users; single sign-on; second factors; passkeys. */
export const area: AreaManifest = {
  code: 'IAM',
  application: {
    name: 'Identity and Access Management',
    description: 'Applications, modules, services, roles and user accounts with their admin scopes.',
    order: 1,
  },
  contracts: {
    sso: ssoContract,
    saml: samlContract,
    scim: scimContract,
    secondFactor: secondFactorContract,
    passkeys: passkeyContract,
    outbox: outboxContract,
    settings: settingsContract,
    directory: directoryContract,
  },
  // Users and roles an application's SCIM copy shows queue a push to it when they change.
  hooks: (ctx) => {
    const { withPush } = runtimeOf(ctx).scim;
    return { users: withPush('users', userHooks(ctx.config.argon2)), roles: withPush('roles', roleHooks) };
  },
  attention: accessAttention,
  allowsWithoutScope: isOwnAccountLookup,
  jobTypes: (ctx) => [...runtimeOf(ctx).directory.jobTypes, ...runtimeOf(ctx).scim.jobTypes],
  schedules: [DIRECTORY_SYNC_SCHEDULE],
  seed: { run: ({ db, id, at }) => seedSsoDemo(db, id, at) },
  mount: async (app, ctx) => {
    await runtimeOf(ctx).sso.mount(app);
    await runtimeOf(ctx).saml.mount(app);
  },
  sessionSteps: (ctx) => {
    const { sso, totp, saml } = runtimeOf(ctx);
    return {
      async afterSignIn({ token, userId }, request) {
        const secondFactor = await totp.afterPassword(token, userId, request);
        return secondFactor ? { secondFactor } : undefined;
      },
      afterSignOut: async ({ userId, sessionIds }) => {
        await sso.endCentralSessions(userId);
        // The SAML service providers of these sessions are told through the browser (single logout), from there.
        const continueTo = await saml.afterConsoleSignOut(userId, sessionIds);
        return continueTo ? { continueTo } : undefined;
      },
      checkPassword: (credentials, request) => runtimeOf(ctx).directory.checkPassword(credentials, request),
    };
  },
  handlers: (ctx) => {
    const { sso, totp, passkeys, saml } = runtimeOf(ctx);
    const { authOf } = ctx;
    const on = (handler: (input: Input) => Promise<{ status: number; body: unknown }>): ContractHandlers[string] =>
      handler as unknown as ContractHandlers[string];
    const settings = settingsHandlers(ctx);
    return {
      settings: {
        getSystemSettings: on(async ({ request }) => settings.getSystemSettings({ request })),
        saveSystemSettings: on(async ({ body, request }) => settings.saveSystemSettings({ body, request })),
        sendTestEmail: on(async ({ body, request }) => settings.sendTestEmail({ body, request })),
        getSignInPanel: on(async () => settings.getSignInPanel()),
      },
      sso: {
        // A SAML request is the same kind of pending sign-in; its id says which provider holds it.
        getSignInRequest: on(async ({ params }) =>
          isSamlRequestId(params.uid!) ? saml.signInRequests.getSignInRequest(params.uid!) : sso.handlers.getSignInRequest(params.uid!),
        ),
        completeSignInRequest: on(async ({ params, request }) =>
          isSamlRequestId(params.uid!)
            ? saml.signInRequests.completeSignInRequest(authOf(request), params.uid!, request)
            : sso.handlers.completeSignInRequest(authOf(request), params.uid!, request),
        ),
        listMyApplications: on(async ({ request }) => sso.handlers.listMyApplications(authOf(request))),
        getApplicationClient: on(async ({ params }) => sso.handlers.getApplicationClient(params.id!)),
        saveApplicationClient: on(async ({ params, body, request }) => sso.handlers.saveApplicationClient(authOf(request), params.id!, body, request)),
        rotateApplicationClientSecret: on(async ({ params, request }) =>
          sso.handlers.rotateApplicationClientSecret(authOf(request), params.id!, request),
        ),
      },
      saml: {
        getApplicationSamlProvider: on(async ({ params }) => saml.handlers.getProvider(params.id!)),
        saveApplicationSamlProvider: on(async ({ params, body, request }) => saml.handlers.saveProvider(authOf(request), params.id!, body, request)),
      },
      scim: {
        getApplicationScim: on(async ({ params, request }) => runtimeOf(ctx).scim.handlers.get(authOf(request), params.id!)),
        saveApplicationScim: on(async ({ params, body, request }) => runtimeOf(ctx).scim.handlers.save(authOf(request), params.id!, body, request)),
        listApplicationScimDeliveries: on(async ({ params, query, request }) =>
          runtimeOf(ctx).scim.handlers.deliveries(authOf(request), params.id!, query as ScimDeliveryQuery),
        ),
      },
      directory: {
        getDirectory: on(async ({ request }) => runtimeOf(ctx).directory.handlers(ctx).get(request)),
        saveDirectory: on(async ({ body, request }) => runtimeOf(ctx).directory.handlers(ctx).save(body, request)),
        testDirectory: on(async ({ body, request }) => runtimeOf(ctx).directory.handlers(ctx).test(body, request)),
        syncDirectory: on(async ({ request }) => runtimeOf(ctx).directory.handlers(ctx).sync(request)),
      },
      outbox: {
        listOutbox: on(async ({ query, request }) => listOutbox(ctx, authOf(request), query)),
        getOutboxMessage: on(async ({ params, request }) => getOutboxMessage(ctx, authOf(request), params.id!)),
      },
      passkeys: {
        listPasskeys: on(async ({ request }) => passkeys.list(authOf(request))),
        startPasskeyRegistration: on(async ({ request }) => passkeys.startRegistration(authOf(request))),
        registerPasskey: on(async ({ body, request }) => passkeys.register(authOf(request), body, request)),
        renamePasskey: on(async ({ params, body, request }) => passkeys.rename(authOf(request), params.id!, body, request)),
        removePasskey: on(async ({ params, request }) => passkeys.remove(authOf(request), params.id!, request)),
        startPasskeySignIn: on(async () => passkeys.startSignIn()),
        signInWithPasskey: on(async ({ body, request }) => passkeys.signIn(body, request)),
        startPasskeySecondFactor: on(async ({ request }) => passkeys.startSecondFactor(authOf(request))),
        verifyPasskeySecondFactor: on(async ({ body, request }) => passkeys.verifySecondFactor(authOf(request), body, request)),
      },
      secondFactor: {
        getSecondFactor: on(async ({ request }) => totp.status(authOf(request))),
        startSecondFactorEnrolment: on(async ({ request }) => totp.startEnrolment(authOf(request))),
        confirmSecondFactorEnrolment: on(async ({ body, request }) => totp.confirmEnrolment(authOf(request), body, request)),
        verifySecondFactor: on(async ({ body, request }) => totp.verify(authOf(request), body, request)),
        turnOffSecondFactor: on(async ({ body, request }) => totp.turnOff(authOf(request), body, request)),
        resetUserSecondFactor: on(async ({ params, request }) => totp.resetFor(authOf(request), params.id!, request)),
      },
    };
  },
};
