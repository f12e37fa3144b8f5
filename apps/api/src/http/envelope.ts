import type { FastifyInstance } from 'fastify';
import type { EnvelopeCodec } from '@campus/api-contract/node';

export { envelopeCodec, type EnvelopeCodec } from '@campus/api-contract/node';

/** Path prefixes of the API proper; health, OpenAPI and docs answer in plain form. */
export const API_PREFIXES = ['/core/', '/employee/', '/chatbot/', '/face-recognition/'];

/**
 * Wraps every JSON answer of the API, errors included, in the envelope (`text/plain`). Empty bodies (none is
 * sent by the API's routes) pass through.
 */
export function registerEnvelope(app: FastifyInstance, codec: EnvelopeCodec): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!API_PREFIXES.some((p) => request.url.startsWith(p))) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json') || typeof payload !== 'string') return payload;
    reply.header('content-type', 'text/plain; charset=utf-8');
    return codec.encodeJsonText(payload);
  });
}
