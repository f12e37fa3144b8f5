import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { NOTICES } from '@campus/ui';
import { ConnectionInputSchema, DbSourceSchema } from '@campus/domain-migration';
import {
  ConnectionScheduleInputSchema,
  ReadSourceSchema,
  type ConnectionSchedule,
  type SourcePreview,
} from '@campus/api-contract';
import { z } from 'zod';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { apiFor } from './migration.server';
import { DATABASES, DB_CONNECTOR, UPLOADER } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A saved record's id as a form posts it: blank is a missing field, anything but an id is not found. */
export const recordId = (notFound: string) =>
  z.string({ required_error: NOTICES.validation.description }).uuid(notFound);

/** A source previewed: its first rows, and Conform's reply to the form (what was typed stays in it). */
export interface Previewed {
  readonly preview: SourcePreview;
  readonly result: SubmissionResult<string[]>;
}

/** A saved source tested: whether it answered, and what it said. */
export interface Tested {
  readonly id: string;
  readonly test: { ok: boolean; message: string };
}

/** The databases screen: every saved connection, and the one named by `?edit=` in the form. */
export async function loadDatabases(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const connections = answerOf(await api.listConnections(), 200).data;
  const editId = url.searchParams.get('edit') ?? '';
  const editing = UUID.test(editId) ? (connections.find((c) => c._id === editId) ?? null) : null;
  return { connections, editing };
}

const connectionId = recordId('Connection not found.');

/**
 * The databases screen's forms, one per intent: save a connection (a new one, or the one `id` names; the contract's
 * `ConnectionInputSchema`, a blank password keeping the stored one), test it, delete it.
 */
export const DatabasesForm = z.discriminatedUnion('intent', [
  ConnectionInputSchema.strip().extend({ intent: z.literal('save'), id: connectionId.optional() }),
  z.object({ intent: z.enum(['test', 'delete']), id: connectionId }),
]);

/** What a refused connection form never sends back. */
const HIDDEN = { hideFields: ['password'] };

/** `intent=save` (create, or update when `id` is set), `test` and `delete`. */
export async function databasesAction(request: Request) {
  const api = await apiFor(request);
  const submission = parseWithZod(await request.formData(), { schema: DatabasesForm });
  if (submission.status !== 'success') return invalidForm(submission, {}, HIDDEN);
  const form = submission.value;
  if (form.intent !== 'save') {
    if (form.intent === 'test') {
      // A connection deleted meanwhile is said on the page, as the API says it.
      const tested = formAnswerOf(await api.testConnection({ params: { id: form.id } }), 200, submission, {
        shownStatuses: [404],
      });
      if (tested.refusal) return tested.refusal;
      return { id: form.id, test: tested.body.data } satisfies Tested;
    }
    const deleted = formAnswerOf(await api.deleteConnection({ params: { id: form.id } }), 200, submission, {
      shownStatuses: [404],
    });
    if (deleted.refusal) return deleted.refusal;
    throw await redirectWithNotice(request, DATABASES, {
      tone: 'success',
      title: 'Success!',
      description: 'Connection deleted.',
    });
  }
  const { intent: _intent, id, ...body } = form;
  const saved = id
    ? formAnswerOf(await api.updateConnection({ params: { id }, body }), 200, submission, HIDDEN)
    : formAnswerOf(await api.createConnection({ body }), 201, submission, HIDDEN);
  if (saved.refusal) return saved.refusal;
  throw await redirectWithNotice(request, DATABASES, id ? NOTICES.updated : NOTICES.created);
}

/** The db-connector: connections, targets, and for `?connection=` its tables (or why they could not be listed). */
export async function loadDbConnector(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const [list, targets] = await Promise.all([api.listConnections(), api.listTargets()]);
  const connections = answerOf(list, 200).data;
  const templates = answerOf(targets, 200).data;
  const id = url.searchParams.get('connection') ?? '';
  const connection = UUID.test(id) ? (connections.find((c) => c._id === id) ?? null) : null;
  let tables: string[] = [];
  let tablesProblem: string | null = null;
  let schedule: ConnectionSchedule | null = null;
  if (connection) {
    const [found, scheduled] = await Promise.all([
      api.listSourceTables({ params: { id: connection._id } }),
      api.getConnectionSchedule({ params: { id: connection._id } }),
    ]);
    if (found.status === 200) tables = found.body.data;
    else tablesProblem = (found.body as { message?: string }).message ?? 'The tables could not be listed.';
    if (scheduled.status === 200) schedule = scheduled.body.data;
  }
  return {
    connections: connections.map((c) => ({ _id: c._id, name: c.name })),
    connection,
    schedule,
    tables,
    tablesProblem,
    targets: templates.map((t) => ({ resource: t.resource, name: t.name, label: t.label })),
  };
}

const connection = recordId(NOTICES.validation.description);

/**
 * The db-connector's form, one intent per button, each checked by its route's body schema in the contract: preview
 * the source, read it into a run, schedule its read (only rows past the cursor when that is ticked), cancel the
 * schedule. Every button posts every field; each intent takes its own.
 */
export const DbConnectorForm = z.discriminatedUnion('intent', [
  DbSourceSchema.strip().extend({ intent: z.literal('preview'), connection }),
  ReadSourceSchema.strip().extend({ intent: z.literal('read'), connection }),
  // An unticked box posts nothing: the schedule then reads every row (the contract's default is the other way).
  ConnectionScheduleInputSchema.strip().extend({
    intent: z.literal('schedule'),
    connection,
    incremental: z.boolean().default(false),
  }),
  z.object({ intent: z.literal('cancel-schedule'), connection }),
]);

/**
 * `intent=preview`: the first 20 rows; `intent=read`: a new run, then the uploader's view of it; `intent=schedule`:
 * create or change the connection's scheduled read with the same source and target; `intent=cancel-schedule`.
 */
export async function dbConnectorAction(request: Request) {
  const api = await apiFor(request);
  const submission = parseWithZod(await request.formData(), { schema: DbConnectorForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const params = { id: form.connection };
  const back = `${DB_CONNECTOR}?connection=${form.connection}`;
  switch (form.intent) {
    case 'preview': {
      const { table, query, cursorColumn } = form;
      const previewed = formAnswerOf(
        await api.previewSource({ params, body: { table, query, cursorColumn } }),
        200,
        submission,
      );
      if (previewed.refusal) return previewed.refusal;
      return { preview: previewed.body.data, result: submission.reply() } satisfies Previewed;
    }
    case 'schedule': {
      const { table, query, cursorColumn, resource, incremental, cron, timeZone } = form;
      const body = { table, query, cursorColumn, resource, incremental, cron, timeZone, isActive: true };
      const saved = formAnswerOf(await api.saveConnectionSchedule({ params, body }), 200, submission);
      if (saved.refusal) return saved.refusal;
      throw await redirectWithNotice(request, back, {
        tone: 'success',
        title: 'Success!',
        description: 'The scheduled read is saved.',
      });
    }
    case 'cancel-schedule': {
      const cancelled = formAnswerOf(await api.cancelConnectionSchedule({ params }), 200, submission);
      if (cancelled.refusal) return cancelled.refusal;
      throw await redirectWithNotice(request, back, {
        tone: 'success',
        title: 'Success!',
        description: 'The scheduled read is cancelled.',
      });
    }
    case 'read': {
      const { table, query, cursorColumn, resource, incremental } = form;
      const read = formAnswerOf(
        await api.readSource({ params, body: { table, query, cursorColumn, resource, incremental } }),
        202,
        submission,
      );
      if (read.refusal) return read.refusal;
      throw await redirectWithNotice(request, `${UPLOADER}?run=${read.body.data._id}`, READING);
    }
  }
}

/** The notice of a source being read into a run. */
export const READING = {
  tone: 'success',
  title: 'Success!',
  description: 'The source is being read: check the columns once it is read, then make a dry run.',
} as const;
