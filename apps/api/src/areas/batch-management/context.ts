import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../platform/http/errors.js';
import type { JobEngine } from '../../platform/jobs/engine.js';
import type { ResourceAccess } from './jobs/bulk-state-change.js';

/** What the area's handlers share. */
export interface BatchContext {
  readonly app: AppContext;
  readonly engine: JobEngine;
  readonly access: ResourceAccess;
}

/** The caller: who they are and whether they see every batch (`BATCH`) or only their own. */
export interface Viewer {
  readonly id: string;
  readonly email: string;
  readonly adminScopes: readonly string[];
  /** Modules the viewer's roles grant, by application (see `resources/access.ts`). */
  readonly moduleGrants: Readonly<Record<string, readonly string[]>>;
  readonly seesAll: boolean;
}

export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.auth) throw new HttpError(401, 'Sign in to continue.');
  const { user } = request.auth;
  return {
    id: user.id,
    email: user.email,
    adminScopes: user.adminScopes,
    moduleGrants: user.moduleGrants,
    seesAll: user.adminScopes.includes('BATCH'),
  };
}

export interface HandlerInput {
  readonly params: Record<string, string>;
  readonly query: never;
  readonly body: never;
  readonly request: FastifyRequest;
}
