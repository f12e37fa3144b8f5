import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppRoute, AppRouter } from '@ts-rest/core';
import { initServer } from '@ts-rest/fastify';
import {
  coreContract,
  crudOperationNames,
  entityRegistry,
  HRIS_CREATE_PATHS,
  hrisContract,
  hrisOperationName,
  openApiDocument,
  resourceContracts,
  type ListQuery,
} from '@campus/api-contract';
import type { ApiConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { envelopeCodec, registerEnvelope } from './http/envelope.js';
import { HttpError, registerErrorHandling, validationBody } from './http/errors.js';
import { createMailer, type Mailer } from './auth/mailer.js';
import { authHandlers } from './auth/handlers.js';
import { authenticate, type AuthContext } from './auth/sessions.js';
import { RateLimiter } from './auth/rate-limit.js';
import { auditHandlers } from './audit/handlers.js';
import { buildModel } from './resources/model.js';
import { createRecord, getRecord, listPage, notFound, updateRecord, type ActorContext, type ResourceHooks } from './resources/crud.js';
import { userHooks } from './resources/users.js';
import { academicYearHooks, roleHooks, scheduleHooks, semesterHooks } from './resources/campus-rules.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface BuildAppOptions {
  readonly config: ApiConfig;
  /** An open database to use (tests share one per file); otherwise one is opened from the configuration. */
  readonly database?: Database;
  /** Fastify logger options; `false` for silence. */
  readonly logger?: boolean | Record<string, unknown>;
  /** Where reset codes go (defaults to SMTP when configured, else the log). */
  readonly mailer?: Mailer;
}

/** Routes that need no token. */
const PUBLIC_ROUTES = new Set<AppRoute>([
  coreContract.signIn,
  coreContract.requestPasswordRecovery,
  coreContract.verifyPasswordReset,
  coreContract.resetPassword,
]);
/** Routes counted against the per-address limit. */
const RATE_LIMITED_ROUTES = PUBLIC_ROUTES;
/** What a token issued for a temporary password may do. */
const TEMPORARY_PASSWORD_ROUTES = new Set<AppRoute>([
  coreContract.changePassword,
  coreContract.getCurrentUser,
  coreContract.signOut,
]);

interface ResourceMetadata {
  readonly resource: string;
  readonly application: string;
  readonly operation: 'list' | 'get' | 'create' | 'update';
}

export const NO_ACCESS = 'You have invalid authentication credentials to view the page requested';

/** Any signed-in user may read their own account as `GET /core/v1.0/users?search=_id:{own id}` (spec §7). */
function isOwnAccountLookup(request: FastifyRequest, meta: ResourceMetadata, auth: AuthContext): boolean {
  if (meta.resource !== 'users' || meta.operation !== 'list') return false;
  const query = request.query as Record<string, unknown>;
  const keys = Object.keys(query).filter((k) => k !== 'page' && k !== 'limit');
  return keys.length === 1 && query.search === `_id:${auth.user.id}`;
}

/** The Fastify app: every route of the contracts, the envelope, health, OpenAPI and the docs page. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
  });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const ctx: AppContext = {
    database,
    db: database.db,
    config,
    codec: envelopeCodec(config.responseEncryptionKey),
    mailer: options.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
  };

  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  if (config.responseEncryption) registerEnvelope(app, ctx.codec);

  app.get('/healthz', async (_request, reply) => {
    const database = (await ctx.database.ping()) ? 'up' : 'down';
    return reply.status(database === 'up' ? 200 : 503).send({ status: database === 'up' ? 'ok' : 'error', database });
  });
  const document = openApiDocument();
  app.get('/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const limiter = new RateLimiter(config.authRateLimit.max, config.authRateLimit.windowMs, config.now);
  const auth = authHandlers(ctx);
  const audit = auditHandlers(ctx);
  const requireAuth = (request: FastifyRequest) => {
    if (!request.auth) throw new HttpError(401, 'Sign in to continue.');
    return request.auth;
  };
  const actorOf = (request: FastifyRequest): ActorContext => {
    const { user } = requireAuth(request);
    return { id: user.id, email: user.email, ip: request.ip, adminScopes: user.adminScopes, iamAdmin: user.iamAdmin, now: config.now() };
  };

  const s = initServer();
  const coreImpl = s.router(coreContract, {
    signIn: async ({ body, request }) => auth.signIn(body, request),
    getCurrentUser: async ({ request }) => auth.currentUser(requireAuth(request)),
    signOut: async ({ params, request }) => auth.signOut(requireAuth(request), params.userId, request),
    changePassword: async ({ body, request }) => auth.changePassword(requireAuth(request), body, request),
    requestPasswordRecovery: async ({ body, request }) => auth.requestRecovery(body, request),
    verifyPasswordReset: async ({ body }) => auth.verifyReset(body),
    resetPassword: async ({ body, request }) => auth.resetPassword(body, request),
    createAuditTrail: async ({ body, request }) => audit.create(requireAuth(request), body, request),
    listAuditTrails: async ({ query, request }) => audit.list(requireAuth(request), query),
  });

  const hooksFor: Record<string, ResourceHooks> = {
    users: userHooks(config.argon2),
    roles: roleHooks,
    schedules: scheduleHooks,
    'academic-years': academicYearHooks,
    semesters: semesterHooks,
  };
  type Handler = (input: {
    params: { id: string };
    query: unknown;
    body: unknown;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>;
  const resourceImpl: Record<string, Record<string, Handler>> = {};
  for (const entity of entityRegistry.all) {
    const model = buildModel(entity, entityRegistry);
    const deps = { db: ctx.db, byResource: entityRegistry.byResource, hooks: hooksFor[entity.resource] };
    const names = crudOperationNames(entity);
    resourceImpl[entity.resource] = {
      [names.list]: async ({ query, reply }) => {
        // The page arrives as JSON text built by the database and is sent as it is (the envelope, when on,
        // encodes that text), so the records are not parsed and serialised again here.
        const body = await listPage(ctx.database, model, query as ListQuery);
        reply.type('application/json; charset=utf-8');
        return { status: 200, body };
      },
      [names.get]: async ({ params }) => {
        const record = await getRecord(ctx.db, model, params.id);
        if (!record) throw notFound(entity);
        return { status: 200, body: { data: record } };
      },
      [names.create]: async ({ body, request }) => ({
        status: 201,
        body: { data: await createRecord(deps, model, body as Record<string, unknown>, actorOf(request)) },
      }),
      [names.update]: async ({ params, body, request }) => ({
        status: 200,
        body: { data: await updateRecord(deps, model, params.id, body as Record<string, unknown>, actorOf(request)) },
      }),
    };
  }

  // The HR create paths of spec §7 are the generic create of their resource under another path.
  const hrisImpl: Record<string, Handler> = {};
  for (const [path, resource] of Object.entries(HRIS_CREATE_PATHS)) {
    const entity = entityRegistry.byResource(resource);
    if (!entity) continue;
    const model = buildModel(entity, entityRegistry);
    const deps = { db: ctx.db, byResource: entityRegistry.byResource, hooks: hooksFor[resource] };
    hrisImpl[hrisOperationName(path)] = async ({ body, request }) => ({
      status: 201,
      body: { data: await createRecord(deps, model, body as Record<string, unknown>, actorOf(request)) },
    });
  }

  const contract = { core: coreContract, hris: hrisContract, ...resourceContracts };
  const implementation = { core: coreImpl, hris: hrisImpl, ...resourceImpl };

  await app.register(async (scope) => {
    s.registerRouter(contract as AppRouter, implementation as never, scope, {
      logInitialization: false,
      jsonQuery: false,
      responseValidation: false,
      requestValidationErrorHandler: (error, _request, reply) =>
        reply.status(400).send(validationBody([error.pathParams, error.query, error.body], ['params', 'query', 'body'])),
      hooks: {
        preHandler: async (request) => {
          const route = request.routeOptions.config.tsRestRoute as AppRoute;
          if (RATE_LIMITED_ROUTES.has(route) && !limiter.take(request.ip)) {
            throw new HttpError(429, 'Too many attempts from this address. Try again in a minute.');
          }
          if (PUBLIC_ROUTES.has(route)) return;
          request.auth = await authenticate(ctx.db, config, request, ctx.database);
          if (request.auth.user.mustChangePassword && !TEMPORARY_PASSWORD_ROUTES.has(route)) {
            throw new HttpError(403, 'Change your temporary password before doing anything else.');
          }
          const meta = route.metadata as ResourceMetadata | undefined;
          if (meta?.application && !request.auth.user.adminScopes.includes(meta.application)) {
            if (!isOwnAccountLookup(request, meta, request.auth)) throw new HttpError(403, NO_ACCESS);
          }
        },
      },
    });
    // ts-rest installs an error handler on this scope that answers validation failures (with the function above)
    // and passes every other error on to the root handler, so all failures keep one shape.
  });

  return app;
}
