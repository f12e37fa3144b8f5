import type { Submission, SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import { fieldErrorsOf } from '@campus/api-contract';
import { failureNotice, NOTICES } from '@campus/ui';
import type { z } from 'zod';
import { failureResponse } from './api.server.js';

/** An API answer as the typed clients give it. */
interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** The body type of the answer in the union `R` that has status `S`. */
export type BodyAt<R, S> = R extends { status: S; body: infer B } ? B : never;

/** A notice a form shows above its fields. */
export interface FormNoticeData {
  readonly tone: 'error' | 'success' | 'warning' | 'info';
  readonly title: string;
  readonly description: string;
}

/** What an action answers a form it refuses: Conform's reply (values typed, each field's problems) and the notice. */
export interface FormRefusal {
  readonly result: SubmissionResult<string[]>;
  readonly notice: FormNoticeData;
}

/** The spec's page for an address or record that does not exist. */
export function notFoundPage(): ReturnType<typeof data<{ message: string }>> {
  return data({ message: 'This page could not be found' }, { status: 404 });
}

/**
 * The body of `result` when it has the expected `status`; otherwise a thrown page: the spec's not-found page for a
 * 404, the API's message with its status for anything else.
 */
export function answerOf<R extends Answer, S extends R['status']>(result: R, status: S): BodyAt<R, S> {
  if (result.status === status) return result.body as BodyAt<R, S>;
  if (result.status === 404) throw notFoundPage();
  throw failureResponse(result.status, result.body);
}

/**
 * The query of a contract route read from a page's address (`raw`: the parameters the page passes on), checked by the
 * route's own query schema: `{ query }` typed as the client sends it, or `{ error }` worded as the API words a refused
 * query (`Invalid query.state: …`).
 */
export function queryOf<T extends z.ZodTypeAny>(schema: T, raw: Readonly<Record<string, string>>): { query: z.output<T>; error?: undefined } | { query?: undefined; error: string } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { query: parsed.data as z.output<T> };
  const issue = parsed.error.issues[0];
  return { error: issue ? `Invalid query.${issue.path.join('.')}: ${issue.message}` : 'Invalid request.' };
}

/**
 * `value` checked by a contract route's body schema before it is sent: `{ body }` as the client sends it, or the
 * problem worded as the API words a refused body (`Invalid subject: Required`, and each field's messages).
 */
export function checkedBody<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
): { body: z.output<T>; problem?: undefined } | { body?: undefined; problem: { message: string; fieldErrors: Record<string, string[]> } } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { body: parsed.data as z.output<T> };
  const fieldErrors = fieldErrorsOf(parsed.error);
  const first = Object.entries(fieldErrors)[0];
  return { problem: { message: first ? `Invalid ${first[0] || '(body)'}: ${first[1][0] ?? ''}` : 'Invalid request.', fieldErrors } };
}

/** `queryOf`, with a refused query answered as the API answers it: the error page with status 400. */
export function queryOrThrow<T extends z.ZodTypeAny>(schema: T, raw: Readonly<Record<string, string>>): z.output<T> {
  const { query, error } = queryOf(schema, raw);
  if (error !== undefined) throw failureResponse(400, { message: error });
  return query as z.output<T>;
}

/** The statuses whose answer a form shows (its values kept, the problems by their fields); others are error pages. */
const FORM_STATUSES: ReadonlySet<number> = new Set([400, 409, 422]);

/** The message and per-field problems of an API error body (`{ message, fieldErrors? }`), whatever came back. */
export function problemOf(body: unknown): { message: string; fieldErrors: Record<string, string[]> } {
  const b = (body ?? {}) as { message?: unknown; fieldErrors?: unknown };
  const fieldErrors: Record<string, string[]> = {};
  if (b.fieldErrors && typeof b.fieldErrors === 'object') {
    for (const [key, messages] of Object.entries(b.fieldErrors as Record<string, unknown>)) {
      if (Array.isArray(messages)) fieldErrors[key] = messages.map(String);
    }
  }
  return { message: typeof b.message === 'string' ? b.message : '', fieldErrors };
}

/**
 * The form field an API field error is about: the API names fields by dotted path (`photos.1`, `customFields.x`;
 * `(body)` for the body as a whole), Conform by its own path syntax (`photos[1]`, `customFields.x`; `''` for the form).
 */
export function fieldNameOf(apiKey: string): string {
  if (apiKey === '(body)') return '';
  return apiKey
    .split('.')
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/**
 * Conform's reply to `submission` carrying the problems of an API error body: each field error on its field, and the
 * errors about the whole body on the form. What was typed stays in the form.
 */
export function replyWithApiErrors(
  submission: Submission<unknown>,
  body: unknown,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  const { fieldErrors } = problemOf(body);
  const byField: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) (byField[fieldNameOf(key)] ??= []).push(...messages);
  const { '': formErrors, ...rest } = byField;
  return submission.reply({ fieldErrors: rest, ...(formErrors ? { formErrors } : {}), ...options });
}

/** The notice of a refused API call: `Validation Error` with the API's message for a field problem, else `An error occured`. */
function noticeOf(status: number, body: unknown): FormNoticeData {
  const { message, fieldErrors } = problemOf(body);
  if (status === 409 || Object.keys(fieldErrors).length > 0) {
    return { tone: 'error', title: NOTICES.validation.title, description: message || NOTICES.validation.description };
  }
  return failureNotice(message);
}

/**
 * The answer of an API call made for a form: `{ body }` when it has the expected `status`; `{ refusal }` (answer it
 * as the action's data) when the API refused the input (400, 409, 422): the form keeps its values and shows the
 * API's messages on their fields; otherwise a thrown page as `answerOf` throws.
 */
export function formAnswerOf<R extends Answer, S extends R['status']>(
  result: R,
  status: S,
  submission: Submission<unknown>,
  options: {
    notice?: (message: string) => FormNoticeData;
    hideFields?: string[];
    /** More statuses the form shows (its page says the API's message there) instead of an error page. */
    shownStatuses?: readonly number[];
  } = {},
): { body: BodyAt<R, S>; refusal?: undefined } | { body?: undefined; refusal: ReturnType<typeof data<FormRefusal>> } {
  if (result.status === status) return { body: result.body as BodyAt<R, S> };
  if (!FORM_STATUSES.has(result.status) && !options.shownStatuses?.includes(result.status)) {
    if (result.status === 404) throw notFoundPage();
    throw failureResponse(result.status, result.body);
  }
  const notice = options.notice ? options.notice(problemOf(result.body).message) : noticeOf(result.status, result.body);
  return {
    refusal: data<FormRefusal>(
      { result: replyWithApiErrors(submission, result.body, { hideFields: options.hideFields }), notice },
      { status: result.status },
    ),
  };
}

/** The value a form posted under a Conform field name (`name`, `customFields.room`, `photos[1]`). */
function valueAt(payload: unknown, name: string): unknown {
  return name
    .split(/[.[\]]/)
    .filter(Boolean)
    .reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), payload);
}

/**
 * The answer to a form that does not parse (Conform + the contract's schema): the spec's `Validation Error` notice —
 * `Please fillup required fields.` when a required field is empty, else the first problem — and each field's problem.
 * `problems` are those of a body made from a parsed form that the contract's schema refused (`checkedBody`'s
 * `fieldErrors`, named by the API's dotted paths), answered the same way. `hideFields` (passwords) are not sent back.
 */
export function invalidForm(
  submission: Submission<unknown>,
  problems: Readonly<Record<string, readonly string[]>> = {},
  options: { hideFields?: string[] } = {},
): ReturnType<typeof data<FormRefusal>> {
  const errors: Record<string, string[] | null | undefined> = { ...(submission.status === 'success' ? {} : (submission.error ?? {})) };
  for (const [key, messages] of Object.entries(problems)) {
    const name = fieldNameOf(key);
    errors[name] = [...(errors[name] ?? []), ...messages];
  }
  const fieldErrors: Record<string, string[]> = {};
  let isMissing = false;
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const value = valueAt(submission.payload, name);
    const isEmpty = name !== '' && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''));
    if (isEmpty) isMissing = true;
    fieldErrors[name] = isEmpty ? ['Required'] : messages;
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  const description = isMissing ? NOTICES.validation.description : (first ?? NOTICES.validation.description);
  const { '': formErrors, ...rest } = fieldErrors;
  return data<FormRefusal>(
    {
      result: submission.reply({ fieldErrors: rest, ...(formErrors ? { formErrors } : {}), ...options }),
      notice: { tone: 'error', title: NOTICES.validation.title, description },
    },
    { status: 400 },
  );
}
