import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@campus/api-contract';
import type { ContractHandlers, RouteHandler } from '../platform/area.js';
import type { ActorContext } from './crud.js';
import type { ResourceService } from './service.js';

/** The operation names a resource's routes have: the generic four, and delete for a resource that opts in. */
export interface RecordOperationNames {
  readonly list: string;
  readonly get: string;
  readonly create: string;
  readonly update: string;
  readonly delete?: string;
}

export interface RecordHandlerOptions {
  /**
   * `page`: the list route takes the list query and answers `{ rows, count }` (the generic CRUD contract); `all`:
   * it answers every record as `{ data: [...] }`, by the display field (resources kept in small numbers).
   */
  readonly list: 'page' | 'all';
}

const idOf = (params: unknown) => (params as { id: string }).id;

/**
 * The generic record handlers of one resource's routes: list, get, create, update and (when named) delete, all
 * through the resource's service, so every check, hook and audit row is the one the generic CRUD has.
 */
export function recordHandlers(
  service: ResourceService,
  names: RecordOperationNames,
  actorOf: (request: FastifyRequest) => ActorContext,
  options: RecordHandlerOptions = { list: 'page' },
): ContractHandlers {
  const list: RouteHandler =
    options.list === 'all'
      ? async () => ({ status: 200, body: { data: await service.all() } })
      : async ({ query, reply }) => {
          // The page arrives as JSON text built by the database and is sent as it is (the envelope, when on,
          // encodes that text), so the records are not parsed and serialised again here.
          const body = await service.list(query as ListQuery);
          reply.type('application/json; charset=utf-8');
          return { status: 200, body };
        };
  const handlers: Record<string, RouteHandler> = {
    [names.list]: list,
    [names.get]: async ({ params }) => ({ status: 200, body: { data: await service.get(idOf(params)) } }),
    [names.create]: async ({ body, request }) => ({
      status: 201,
      body: { data: await service.create(body as Record<string, unknown>, actorOf(request)) },
    }),
    [names.update]: async ({ params, body, request }) => ({
      status: 200,
      body: { data: await service.update(idOf(params), body as Record<string, unknown>, actorOf(request)) },
    }),
  };
  if (names.delete) {
    handlers[names.delete] = async ({ params, request }) => ({
      status: 200,
      body: { data: { message: await service.delete(idOf(params), actorOf(request)) } },
    });
  }
  return handlers;
}
