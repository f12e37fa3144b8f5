import type { FastifyError, FastifyInstance } from 'fastify';
import { RequestValidationError } from '@ts-rest/fastify';
import type { ZodError } from 'zod';
import { fieldErrorsOf, type ErrorBody } from '@campus/api-contract';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE } from '../db/unavailable.js';

/** An expected failure with the status and body the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_FAILURE = 'We cannot process your transaction, please contact the administrator.';

/** The `{ message, fieldErrors }` body of a request that failed validation. */
export function validationBody(errors: (ZodError | null)[], where: string[]): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  errors.forEach((error, i) => {
    if (!error) return;
    for (const [key, messages] of Object.entries(fieldErrorsOf(error))) {
      const name = where[i] === 'body' ? key || '(body)' : key ? `${where[i]}.${key}` : (where[i] ?? '');
      (fieldErrors[name] ??= []).push(...messages);
    }
  });
  const first = Object.entries(fieldErrors)[0];
  const message = first ? `Invalid ${first[0]}: ${first[1][0]}` : 'Invalid request.';
  return { message, fieldErrors };
}

/**
 * One error handler for the whole server: expected failures keep their status and message, malformed input
 * becomes a 400, and anything else a 500 with the generic message. Stacks and SQL never reach an answer; they
 * go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (error instanceof RequestValidationError) {
      return reply
        .status(400)
        .send(validationBody([error.pathParams, error.query, error.body], ['params', 'query', 'body']));
    }
    const code = (error as FastifyError).code;
    const status = (error as FastifyError).statusCode;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is empty; send a JSON object.' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: 'The request body is too large.' });
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the request body as application/json.' });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: status === 429 ? 'Too many requests; try again later.' : 'Bad request.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: SERVICE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: GENERIC_FAILURE });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );
}
