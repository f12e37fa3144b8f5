import type { AppRoute, AppRouter } from '@ts-rest/core';
import type { ApplicationCode, ApplicationInfo } from '@campus/domain-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyEntity } from '@campus/domain-core';
import type { AppContext } from '../context.js';
import type { AuthContext } from './auth/sessions.js';
import type { JobType } from './jobs/types.js';
import type { ActorContext, ResourceHooks } from '../resources/crud.js';
import type { ResourceServices } from '../resources/service.js';
import type { AttentionDefinition } from './area-summary.js';
import type { SeedStep } from './db/seed-step.js';
import type { Metrics } from './ops/metrics.js';

/** A long-running part of an area, started with the app and stopped with it. */
export interface AreaService {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What ts-rest hands a handler. */
export interface HandlerInput {
  // The contract's own types check these at the edge; an area's handler narrows them with its schemas' types.
  readonly params: never;
  readonly query: never;
  readonly body: never;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** One route's handler: expected failures are values (`{ status, body }`), exceptions are for the rest. */
export type RouteHandler = (input: HandlerInput) => Promise<{ status: number; body: unknown }>;

/** The handlers of one contract, keyed like its routes. */
export type ContractHandlers = Readonly<Record<string, RouteHandler>>;

/** What an area's handlers are given: the application context, every resource's service, and the caller. */
export interface AreaContext extends AppContext {
  readonly resources: ResourceServices;
  /** The signed-in caller as the actor of a write (identity for the audit trail, grants for privilege rules). */
  actorOf(request: FastifyRequest): ActorContext;
  /** The signed-in caller; 401 when there is none (only public routes have none). */
  authOf(request: FastifyRequest): AuthContext;
}

/** Steps an area adds to the core sign-in and sign-out. */
export interface SessionSteps {
  /** After a right password: fields to add to the sign-in answer (e.g. `secondFactor: 'verify'`), if any. */
  afterSignIn?(signedIn: { readonly token: string; readonly userId: string }, request: FastifyRequest): Promise<Record<string, unknown> | undefined>;
  /**
   * After sessions of `userId` ended (one sign-out, or all of them at once): where the browser that signed out should
   * go next to finish signing out elsewhere (e.g. the applications those sessions signed in to), if anywhere.
   */
  afterSignOut?(signedOut: { readonly userId: string; readonly sessionIds: readonly string[] }): Promise<{ readonly continueTo?: string } | undefined>;
  /**
   * Checks a password somewhere other than here (a directory) before the account's own hash: undefined when the email
   * is not that place's; else whether the password matched, the account created or updated from there when it did.
   */
  checkPassword?(credentials: { readonly email: string; readonly password: string }, request: FastifyRequest): Promise<{ readonly matches: boolean } | undefined>;
}

/**
 * A launcher application on the server side (ARCHITECTURE §2): `apps/api/src/areas/<segment>/area.ts` exports one
 * as `area`, and the platform finds it by reading the `areas/` folder (`platform/areas.ts`); nothing lists the areas.
 * The generic CRUD of the area's entities is mounted for it; the area adds its own routes and what its entities add
 * to the generic handler. Generic code never names an area or a resource: everything particular lives here.
 */
export interface AreaModule {
  /**
   * The launcher application code (spec §1) whose entities and routes this area serves; its application's segment
   * is the area's folder name.
   */
  readonly code: ApplicationCode;
  /** The area's own routes (mounted, guarded and published in the OpenAPI document), keyed by contract name. */
  readonly contracts?: Readonly<Record<string, AppRouter>>;
  /** Their handlers, keyed like `contracts`. */
  readonly handlers?: (
    ctx: AreaContext,
    app: FastifyInstance,
  ) => Readonly<Record<string, ContractHandlers>> | Promise<Readonly<Record<string, ContractHandlers>>>;
  /**
   * Entities the area keeps on its own routes (not in the entity registry, so without the generic CRUD contract,
   * list screen or import template), served by the generic record handlers (`resources/handlers.ts`) with what
   * `hooks` adds; `ctx.resources.of(resource)` gives their service.
   */
  readonly records?: readonly AnyEntity[];
  /** What the area's entities add to the generic CRUD handler, by resource. */
  readonly hooks?: (ctx: AppContext) => Readonly<Record<string, ResourceHooks>>;
  /** HTTP the area serves outside the contracts (e.g. the OpenID Connect provider's own endpoints). */
  readonly mount?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** What the area adds to signing in and out (e.g. a second factor owed, single sign-on sessions ended). */
  readonly sessionSteps?: (ctx: AppContext) => SessionSteps;
  /** What the area's index page asks an administrator to look at (figures counted by the database). */
  readonly attention?: readonly AttentionDefinition[];
  /**
   * Long-running parts of the area beside the HTTP routes (e.g. a mail listener): started when the app is ready,
   * stopped when it closes.
   */
  readonly services?: (ctx: AreaContext) => readonly AreaService[];
  /**
   * A narrow exception to the scope rule that the area grants for one of its routes (e.g. anyone may read their
   * own account). Asked only after the caller is signed in and lacks the route's application.
   */
  readonly allowsWithoutScope?: (request: FastifyRequest, route: AppRoute, auth: AuthContext) => boolean;
  /** The area's job types, registered with the job engine when the app is built. */
  readonly jobTypes?: (ctx: AreaContext) => readonly JobType<unknown>[];
  /** Schedules the area ships (created at start unless one of that name exists; administrators may change them). */
  readonly schedules?: readonly ShippedSchedule[];
  /**
   * The area's own figures on `/metrics` (e.g. face identifications by outcome): counters and gauges it registers on
   * `metrics`, named `campus_…`; a gauge may read its values from the database at each scrape.
   */
  readonly metrics?: (metrics: Metrics, ctx: AppContext) => void;
  /** The area's demo data, written by the demo seed after the base university (`platform/db/seed.ts`). */
  readonly seed?: SeedStep;
}

/**
 * What an area's folder declares about its launcher application (spec §1), beside the code of its `AreaModule`: the
 * name and description the seed writes into the applications table and its place on the launcher. The segment is
 * the folder's name. The console's manifest of the same folder declares the same (a test compares the two sides).
 */
export type LauncherEntry = Pick<ApplicationInfo, 'name' | 'description' | 'order'>;

/** What `areas/<segment>/area.ts` exports as `area`: the area's module and its application's launcher entry. */
export interface AreaManifest extends AreaModule {
  readonly application: LauncherEntry;
}

/** A schedule an area ships: a job type run on a cron in a time zone. */
export interface ShippedSchedule {
  readonly name: string;
  readonly type: string;
  readonly cron: string;
  readonly timeZone: string;
  readonly missedRunPolicy: 'run-once' | 'skip';
  readonly params?: Record<string, unknown>;
}
