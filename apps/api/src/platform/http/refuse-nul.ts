import type { FastifyInstance } from 'fastify';
import { hasNul, NUL_MESSAGE } from '@campus/domain-core';

/** The path of the first string (value or key) holding a NUL character, as `a.b.0`; undefined when none does. */
export function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') || '(body)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key.replaceAll('\u0000', '')].join('.');
      const found = nulPath(inner, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text or jsonb, so one that reached a statement used to fail it with
 * a 500. The entity schemas and the list query refuse it field by field; this guard refuses it, as a 400 with the
 * field named, anywhere else a request carries one (sign-in, reset, audit queries, path parameters).
 */
export function refuseNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const where =
      nulPath(request.params, []) ?? nulPath(request.query, []) ?? nulPath(request.body, []);
    if (where === undefined) return;
    return reply.status(400).send({ message: `Invalid ${where}: ${NUL_MESSAGE}`, fieldErrors: { [where]: [NUL_MESSAGE] } });
  });
}
