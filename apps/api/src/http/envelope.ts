import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The response envelope of ARCHITECTURE §4 on node:crypto. `@campus/api-contract` decodes the same tokens with
 * crypto-js; the tests prove the two agree both ways.
 */
export interface EnvelopeCodec {
  /** Encodes a body that is already JSON text once (what Fastify serialised). */
  encodeJsonText(json: string): string;
  encode(body: unknown): string;
  decode(token: string): unknown;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export function envelopeCodec(secret: string): EnvelopeCodec {
  const encKey = createHmac('sha256', secret).update('msc-envelope-enc').digest();
  const macKey = createHmac('sha256', secret).update('msc-envelope-mac').digest();

  function encodeJsonText(json: string): string {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', encKey, iv);
    // The plaintext is the body JSON-encoded twice: JSON.stringify of the JSON text.
    const ct = Buffer.concat([cipher.update(JSON.stringify(json), 'utf8'), cipher.final()]);
    const head = `v1.${b64url(iv)}.${b64url(ct)}`;
    return `${head}.${b64url(createHmac('sha256', macKey).update(head).digest())}`;
  }

  return {
    encodeJsonText,
    encode: (body) => encodeJsonText(JSON.stringify(body)),
    decode(token) {
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('Failed to decrypt response token');
      const [, iv = '', ct = '', mac = ''] = parts;
      const expected = createHmac('sha256', macKey).update(`v1.${iv}.${ct}`).digest();
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new Error('Failed to decrypt response token');
      }
      const decipher = createDecipheriv('aes-256-cbc', encKey, Buffer.from(iv, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(JSON.parse(text) as string);
    },
  };
}

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
