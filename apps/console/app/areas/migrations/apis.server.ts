import { parseWithZod } from '@conform-to/zod';
import { NOTICES } from '@campus/ui';
import { API_SOURCE_FIELDS, ApiSourceInputSchema } from '@campus/domain-migration';
import {
  ApiSourceScheduleInputSchema,
  ReadApiSourceSchema,
  type ApiSourceSchedule,
} from '@campus/api-contract';
import { z } from 'zod';
import { answerOf, checkedBody, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { READING, recordId, type Previewed, type Tested } from './connectors.server';
import { apiFor } from './migration.server';
import { API_CONNECTOR, APIS, UPLOADER } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The apis screen: every saved source, and the one named by `?edit=` in the form. */
export async function loadApis(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const sources = answerOf(await api.listApiSources(), 200).data;
  const editId = url.searchParams.get('edit') ?? '';
  const editing = UUID.test(editId) ? (sources.find((s) => s._id === editId) ?? null) : null;
  return { sources, editing };
}

const sourceId = recordId('API source not found.');

/** A field of the source form as typed, `''` when blank. */
const typed = z.string().default('');

/**
 * The apis screen's forms, one per intent: save a source (a new one, or the one `id` names), test it, delete it. The
 * source form's fields are read as typed; the contract's `ApiSourceInputSchema` checks the source made from them,
 * the fields a paging style needs with it, as the API does (a blank secret keeps the stored one).
 */
export const ApisForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save'),
    id: sourceId.optional(),
    secret: typed,
    ...(Object.fromEntries(API_SOURCE_FIELDS.map((f) => [f, typed])) as Record<
      (typeof API_SOURCE_FIELDS)[number],
      typeof typed
    >),
  }),
  z.object({ intent: z.enum(['test', 'delete']), id: sourceId }),
]);

/** What a refused source form never sends back. */
const HIDDEN = { hideFields: ['secret'] };

/**
 * The source a saved form describes, checked by the contract's schema as the API checks it: each field's problem,
 * the fields its paging style needs with them. A blank page size takes the contract's default.
 */
export function checkedSource(form: Extract<z.output<typeof ApisForm>, { intent: 'save' }>) {
  const { intent: _intent, id: _id, ...fields } = form;
  return checkedBody(ApiSourceInputSchema, { ...fields, pageSize: fields.pageSize || undefined });
}

/** `intent=save` (create, or update when `id` is set), `test` and `delete`. */
export async function apisAction(request: Request) {
  const api = await apiFor(request);
  const submission = parseWithZod(await request.formData(), { schema: ApisForm });
  if (submission.status !== 'success') return invalidForm(submission, {}, HIDDEN);
  const form = submission.value;
  if (form.intent !== 'save') {
    if (form.intent === 'test') {
      // A source deleted meanwhile is said on the page, as the API says it.
      const tested = formAnswerOf(await api.testApiSource({ params: { id: form.id } }), 200, submission, {
        shownStatuses: [404],
      });
      if (tested.refusal) return tested.refusal;
      return { id: form.id, test: tested.body.data } satisfies Tested;
    }
    const deleted = formAnswerOf(await api.deleteApiSource({ params: { id: form.id } }), 200, submission, {
      shownStatuses: [404],
    });
    if (deleted.refusal) return deleted.refusal;
    throw await redirectWithNotice(request, APIS, {
      tone: 'success',
      title: 'Success!',
      description: 'API source deleted.',
    });
  }
  const checked = checkedSource(form);
  if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors, HIDDEN);
  const { body } = checked;
  const { id } = form;
  const saved = id
    ? formAnswerOf(await api.updateApiSource({ params: { id }, body }), 200, submission, HIDDEN)
    : formAnswerOf(await api.createApiSource({ body }), 201, submission, HIDDEN);
  if (saved.refusal) return saved.refusal;
  throw await redirectWithNotice(request, APIS, id ? NOTICES.updated : NOTICES.created);
}

/** The api-connector: the sources, the targets, and the source named by `?source=`. */
export async function loadApiConnector(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const [list, targets] = await Promise.all([api.listApiSources(), api.listTargets()]);
  const sources = answerOf(list, 200).data;
  const templates = answerOf(targets, 200).data;
  const id = url.searchParams.get('source') ?? '';
  const source = UUID.test(id) ? (sources.find((s) => s._id === id) ?? null) : null;
  let schedule: ApiSourceSchedule | null = null;
  if (source) {
    const scheduled = await api.getApiSourceSchedule({ params: { id: source._id } });
    if (scheduled.status === 200) schedule = scheduled.body.data;
  }
  return {
    sources: sources.map((s) => ({ _id: s._id, name: s.name })),
    source,
    schedule,
    targets: templates.map((t) => ({ resource: t.resource, name: t.name, label: t.label })),
  };
}

const source = recordId(NOTICES.validation.description);

/**
 * The api-connector's form, one intent per button, each checked by its route's body schema in the contract: preview
 * the first page, read the source into a run, schedule its read (only rows past the cursor when that is ticked),
 * cancel the schedule. Every button posts every field; each intent takes its own.
 */
export const ApiConnectorForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('preview'), source }),
  ReadApiSourceSchema.strip().extend({ intent: z.literal('read'), source }),
  // An unticked box posts nothing: the schedule then reads every row (the contract's default is the other way).
  ApiSourceScheduleInputSchema.strip().extend({
    intent: z.literal('schedule'),
    source,
    incremental: z.boolean().default(false),
  }),
  z.object({ intent: z.literal('cancel-schedule'), source }),
]);

/**
 * `intent=preview`: the first rows of the first page; `intent=read`: a new run, then the uploader's view of it;
 * `intent=schedule`: create or change the source's scheduled read with the same target; `intent=cancel-schedule`.
 */
export async function apiConnectorAction(request: Request) {
  const api = await apiFor(request);
  const submission = parseWithZod(await request.formData(), { schema: ApiConnectorForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const params = { id: form.source };
  const back = `${API_CONNECTOR}?source=${form.source}`;
  switch (form.intent) {
    case 'preview': {
      const previewed = formAnswerOf(await api.previewApiSource({ params }), 200, submission);
      if (previewed.refusal) return previewed.refusal;
      return { preview: previewed.body.data, result: submission.reply() } satisfies Previewed;
    }
    case 'schedule': {
      const { resource, incremental, cron, timeZone } = form;
      const saved = formAnswerOf(
        await api.saveApiSourceSchedule({
          params,
          body: { resource, incremental, cron, timeZone, isActive: true },
        }),
        200,
        submission,
      );
      if (saved.refusal) return saved.refusal;
      throw await redirectWithNotice(request, back, {
        tone: 'success',
        title: 'Success!',
        description: 'The scheduled read is saved.',
      });
    }
    case 'cancel-schedule': {
      const cancelled = formAnswerOf(await api.cancelApiSourceSchedule({ params }), 200, submission);
      if (cancelled.refusal) return cancelled.refusal;
      throw await redirectWithNotice(request, back, {
        tone: 'success',
        title: 'Success!',
        description: 'The scheduled read is cancelled.',
      });
    }
    case 'read': {
      const { resource, incremental } = form;
      const read = formAnswerOf(
        await api.readApiSource({ params, body: { resource, incremental } }),
        202,
        submission,
      );
      if (read.refusal) return read.refusal;
      throw await redirectWithNotice(request, `${UPLOADER}?run=${read.body.data._id}`, READING);
    }
  }
}
