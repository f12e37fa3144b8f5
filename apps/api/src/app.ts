import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppRouter } from '@ts-rest/core';
import { initServer } from '@ts-rest/fastify';
import {
  areaSummaryContracts,
  areaSummaryOperationName,
  basePathsOf,
  coreContract,
  crudOperationNames,
  entityRegistry,
  openApiDocument,
  resourceContracts,
} from '@campus/api-contract';
import type { ApiConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './platform/db/client.js';
import { envelopeCodec, registerEnvelope } from './platform/http/envelope.js';
import { HttpError, registerErrorHandling, validationBody } from './platform/http/errors.js';
import { refuseNul } from './platform/http/refuse-nul.js';
import { forwardedFor } from './platform/http/forwarded-for.js';
import { AfterAnswer } from './platform/jobs/after-answer.js';
import { createMailer, type Mailer } from './platform/auth/mailer.js';
import { authHandlers } from './platform/auth/handlers.js';
import type { AuthContext } from './platform/auth/sessions.js';
import { RateLimiter } from './platform/auth/rate-limit.js';
import { auditHandlers } from './platform/audit/handlers.js';
import { signOutEverywhere } from './platform/auth/sign-out-everywhere.js';
import type { ActorContext, ResourceHooks } from './resources/crud.js';
import { resourceServices, type ResourceServices } from './resources/service.js';
import { recordHandlers } from './resources/handlers.js';
import type { AreaContext, AreaModule, ContractHandlers } from './platform/area.js';
import { assertEveryRouteDeclared, routeGuard } from './platform/guard.js';
import { areaSummary, type AttentionDefinition } from './platform/area-summary.js';
import { areasToMount } from './platform/areas.js';
import { JobEngine } from './platform/jobs/engine.js';
import { notifier } from './platform/notify.js';
import multipart from '@fastify/multipart';
import { inRequestScope } from './platform/cache.js';
import { requestIdFrom, REQUEST_ID_HEADER } from '@campus/api-contract/node';
import { Lifecycle } from './platform/ops/lifecycle.js';
import { countSends, Metrics } from './platform/ops/metrics.js';
import { registerOperationsRoutes } from './platform/ops/routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    jobs: JobEngine;
    /** Work requests started without waiting (shutdown waits for it; tests wait with `settled()`). */
    backgroundWork: AfterAnswer;
    /** Serving or draining: `/readyz` fails once `lifecycle.drain()` is called (SIGTERM). */
    lifecycle: Lifecycle;
    metrics: Metrics;
    /** The generic create and update of every resource with its hooks (jobs and tests that write in a transaction). */
    resources: ResourceServices;
  }
}

export interface BuildAppOptions {
  readonly config: ApiConfig;
  /** An open database to use (tests share one per file); otherwise one is opened from the configuration. */
  readonly database?: Database;
  /** Fastify logger options; `false` for silence. */
  readonly logger?: boolean | Record<string, unknown>;
  /** How mail goes out (defaults to SMTP when configured, else the outbox table). */
  readonly mailer?: Mailer;
  /** The launcher areas to mount (every folder of `areas/` unless a test says otherwise). */
  readonly areas?: readonly AreaModule[];
  /** Prometheus metrics; a fresh registry unless given (a test that reads them). */
  readonly metrics?: Metrics;
}

/** The Fastify app: every route of the contracts, the envelope, health, OpenAPI and the docs page. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const areas = await areasToMount(options.areas);
  // Every route says who may call it before anything listens: an undeclared one stops the start.
  const summaries = areaSummaryContracts();
  const contract: Record<string, AppRouter> = { core: coreContract, areas: summaries as AppRouter, ...resourceContracts };
  for (const area of areas) Object.assign(contract, area.contracts ?? {});
  assertEveryRouteDeclared(contract);

  const clientAddress = forwardedFor({ sessionSecret: config.sessionSecret, trustedPeers: config.trustProxy });

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 256 * 1024,
    trustProxy: clientAddress.trustProxy,
    forceCloseConnections: 'idle',
    // The id the console (or a load balancer) sent, so one request reads the same in both logs; else a new one.
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
  });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  const metrics = options.metrics ?? new Metrics();
  app.decorate('metrics', metrics);
  metrics.watch(database);
  const notify = notifier(database.db, config.now);
  const jobs = new JobEngine({ database, now: config.now, settings: config.jobs, logger: app.log });
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());
  const ctx: AppContext = {
    database,
    db: database.db,
    config,
    codec: envelopeCodec(config.responseEncryptionKey),
    mailer: countSends(
      options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now: config.now }),
      metrics.emails,
    ),
    jobs,
    notify,
    afterAnswer: new AfterAnswer(app.log),
    metrics,
  };
  app.decorate('backgroundWork', ctx.afterAnswer);
  app.addHook('onClose', () => ctx.afterAnswer.settled());

  app.decorateRequest('auth', null);
  // Each request reads the tables' change counters at most once for the answers it looks up (see cache.ts).
  app.addHook('onRequest', (_request, _reply, done) => inRequestScope(done));
  registerErrorHandling(app);
  clientAddress.register(app);
  refuseNul(app);
  // Every answer under a base path the contracts use is encrypted, unknown paths and errors included.
  if (config.responseEncryption) registerEnvelope(app, ctx.codec, basePathsOf(contract));

  database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost; it is replaced on the next query'));
  registerOperationsRoutes(app, { database, lifecycle, metrics, metricsAccess: config.metrics });
  const document = openApiDocument(contract);
  app.get('/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const limiter = new RateLimiter(ctx.db, 'requests', config.authRateLimit.max, config.authRateLimit.windowMs, config.now);
  const auth = authHandlers(ctx);
  const audit = auditHandlers(ctx);
  const authOf = (request: FastifyRequest) => {
    if (!request.auth) throw new HttpError(401, 'Sign in to continue.');
    return request.auth;
  };
  const actorOf = (request: FastifyRequest): ActorContext => {
    const { user } = authOf(request);
    return { id: user.id, email: user.email, ip: request.ip, adminScopes: user.adminScopes, iamAdmin: user.iamAdmin, now: config.now() };
  };

  const hooksByResource = new Map<string, ResourceHooks>();
  for (const area of areas) for (const [resource, hooks] of Object.entries(area.hooks?.(ctx) ?? {})) hooksByResource.set(resource, hooks);
  const owned = areas.flatMap((area) => area.records ?? []);
  const resources = resourceServices(database, entityRegistry, (entity) => hooksByResource.get(entity.resource), owned);
  const areaCtx: AreaContext = { ...ctx, resources, actorOf, authOf };
  app.decorate('resources', resources);

  for (const area of areas) area.metrics?.(metrics, ctx);
  for (const area of areas) await area.mount?.(app, ctx);
  const sessionSteps = areas.flatMap((area) => (area.sessionSteps ? [area.sessionSteps(ctx)] : []));

  /** The areas' steps after sessions ended: where the browser goes next to finish signing out, if anywhere. */
  async function afterSignOut(userId: string, sessionIds: readonly string[]): Promise<string | undefined> {
    let continueTo: string | undefined;
    for (const step of sessionSteps) {
      const after = await step.afterSignOut?.({ userId, sessionIds });
      continueTo ??= after?.continueTo;
    }
    return continueTo;
  }

  const s = initServer();
  const coreImpl = s.router(coreContract, {
    signIn: async ({ body, request }) => {
      const result = await auth.signIn(body, request, sessionSteps);
      if (result.status !== 200) return result;
      let data = result.body.data;
      for (const step of sessionSteps) data = { ...data, ...(await step.afterSignIn?.(data, request)) };
      return { ...result, body: { data } };
    },
    getCurrentUser: async ({ request }) => auth.currentUser(authOf(request)),
    signOut: async ({ params, request }) => {
      const signedOut = authOf(request);
      const result = await auth.signOut(signedOut, params.userId, request);
      const continueTo = await afterSignOut(params.userId, [signedOut.sessionId]);
      return continueTo ? { ...result, body: { data: { ...result.body.data, continueTo } } } : result;
    },
    signOutEverywhere: async ({ params, request }) => {
      const { result, sessionIds } = await signOutEverywhere(ctx, authOf(request), params.userId, request);
      const continueTo = await afterSignOut(params.userId, sessionIds);
      return continueTo ? { ...result, body: { data: { ...result.body.data, continueTo } } } : result;
    },
    changePassword: async ({ body, request }) => auth.changePassword(authOf(request), body, request),
    requestPasswordRecovery: async ({ body, request }) => auth.requestRecovery(body, request),
    verifyPasswordReset: async ({ body }) => auth.verifyReset(body),
    resetPassword: async ({ body, request }) => auth.resetPassword(body, request),
    createAuditTrail: async ({ body, request }) => audit.create(authOf(request), body, request),
    listAuditTrails: async ({ query }) => audit.list(query),
  });

  const implementation: Record<string, unknown> = { core: coreImpl };
  for (const service of resources.all) implementation[service.entity.resource] = recordHandlers(service, crudOperationNames(service.entity), actorOf);
  for (const area of areas) Object.assign(implementation, (await area.handlers?.(areaCtx, app)) ?? {});
  for (const type of areas.flatMap((area) => area.jobTypes?.(areaCtx) ?? [])) jobs.register(type);
  for (const service of areas.flatMap((area) => area.services?.(areaCtx) ?? [])) {
    app.addHook('onReady', () => service.start());
    app.addHook('onClose', () => service.stop());
  }

  // `GET /core/v1.0/areas/{code}/summary`: an area index's counts and attention figures in one statement.
  const attentionOf = new Map<string, readonly AttentionDefinition[]>(areas.map((a) => [a.code, a.attention ?? []]));
  implementation.areas = Object.fromEntries(
    Object.keys(summaries).map((code) => {
      const entities = entityRegistry.all.filter((e) => e.application === code);
      const handler: ContractHandlers[string] = async () => ({
        status: 200,
        body: { data: await areaSummary(ctx.database, entities, attentionOf.get(code) ?? [], { now: config.now() }) },
      });
      return [code, { [areaSummaryOperationName(code)]: handler }];
    }),
  );

  const guard = routeGuard(ctx, limiter, areas);
  await app.register(async (scope) => {
    // Uploads arrive as multipart, streamed; each route that takes one sets its own size limits as it reads.
    await scope.register(multipart, { limits: { fileSize: 1, files: 0, fields: 20 } });
    s.registerRouter(contract as AppRouter, implementation as never, scope, {
      logInitialization: false,
      jsonQuery: false,
      responseValidation: false,
      requestValidationErrorHandler: (error, _request, reply) =>
        reply.status(400).send(validationBody([error.pathParams, error.query, error.body], ['params', 'query', 'body'])),
      hooks: { preHandler: guard },
    });
    // ts-rest installs an error handler on this scope that answers validation failures (with the function above)
    // and passes every other error on to the root handler, so all failures keep one shape.
  });

  return app;
}
