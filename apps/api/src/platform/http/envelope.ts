import type { FastifyInstance } from 'fastify';
import type { EnvelopeCodec } from '@campus/api-contract/node';

export { envelopeCodec, type EnvelopeCodec } from '@campus/api-contract/node';

/**
 * Wraps every JSON answer under the API's base paths (`basePathsOf` the contracts: `/core/v1.0/`, …), errors and
 * unknown paths included, in the envelope (`text/plain`); health, OpenAPI and docs answer in plain form. Empty
 * bodies (none is sent by the API's routes) pass through.
 */
export function registerEnvelope(app: FastifyInstance, codec: EnvelopeCodec, basePaths: readonly string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!basePaths.some((p) => request.url.startsWith(p))) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json') || typeof payload !== 'string') return payload;
    reply.header('content-type', 'text/plain; charset=utf-8');
    return codec.encodeJsonText(payload);
  });
}
