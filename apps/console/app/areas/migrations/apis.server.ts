import { data } from '@remix-run/node';
import { failureNotice, NOTICES } from '@campus/ui';
import { API_AUTH_KINDS, API_PAGINATIONS, API_SOURCE_FIELDS, type ApiAuthKind, type ApiPagination } from '@campus/domain-migration';
import type { ApiSourceSchedule, SourcePreview } from '@campus/api-contract';
import { failureResponse } from '../../lib/api.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { problemOf } from './connectors.server';
import { apiFor } from './migration.server';
import { API_CONNECTOR, APIS, UPLOADER } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Notice = ReturnType<typeof problemOf>['notice'];

/** What the source form sends back after a refused save: the notice, each field's message, what was typed. */
export interface ApiSourceProblem {
  intent: 'save';
  notice: Notice;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** The apis screen: every saved source, and the one named by `?edit=` in the form. */
export async function loadApis(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const list = await api.listApiSources();
  if (list.status !== 200) throw failureResponse(list.status, list.body);
  const editId = url.searchParams.get('edit') ?? '';
  const editing = UUID.test(editId) ? (list.body.data.find((s) => s._id === editId) ?? null) : null;
  return { sources: list.body.data, editing };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const oneOf = <T extends string>(list: readonly T[], value: string) => ((list as readonly string[]).includes(value) ? value : value || '') as T;

/** `intent=save` (create, or update when `id` is set), `test` and `delete`. */
export async function apisAction(request: Request) {
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'id');
  if (intent === 'test' || intent === 'delete') {
    if (!UUID.test(id)) return data({ intent, notice: failureNotice('API source not found.') }, { status: 404 });
    if (intent === 'test') {
      const result = await api.testApiSource({ params: { id } });
      if (result.status !== 200) return data({ intent, ...problemOf(result.body) }, { status: result.status });
      return { intent, id, test: result.body.data };
    }
    const result = await api.deleteApiSource({ params: { id } });
    if (result.status !== 200) return data({ intent, ...problemOf(result.body) }, { status: result.status });
    throw await redirectWithNotice(request, APIS, { tone: 'success', title: 'Success!', description: 'API source deleted.' });
  }
  // The form's fields as typed (the secret is never sent back).
  const values = Object.fromEntries(API_SOURCE_FIELDS.map((f) => [f, text(form, f)])) as Record<(typeof API_SOURCE_FIELDS)[number], string>;
  const body = {
    ...values,
    authKind: oneOf<ApiAuthKind>(API_AUTH_KINDS, values.authKind),
    pagination: oneOf<ApiPagination>(API_PAGINATIONS, values.pagination),
    pageSize: values.pageSize === '' ? (undefined as unknown as number) : Number(values.pageSize),
    secret: String(form.get('secret') ?? ''),
  };
  const result = UUID.test(id) ? await api.updateApiSource({ params: { id }, body }) : await api.createApiSource({ body });
  if (result.status !== 200 && result.status !== 201) {
    const problem: ApiSourceProblem = { intent: 'save', ...problemOf(result.body), values: { ...values, id } };
    return data(problem, { status: result.status });
  }
  throw await redirectWithNotice(request, APIS, result.status === 201 ? NOTICES.created : NOTICES.updated);
}

/** The api-connector: the sources, the targets, and the source named by `?source=`. */
export async function loadApiConnector(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const [list, targets] = await Promise.all([api.listApiSources(), api.listTargets()]);
  if (list.status !== 200) throw failureResponse(list.status, list.body);
  if (targets.status !== 200) throw failureResponse(targets.status, targets.body);
  const id = url.searchParams.get('source') ?? '';
  const source = UUID.test(id) ? (list.body.data.find((s) => s._id === id) ?? null) : null;
  let schedule: ApiSourceSchedule | null = null;
  if (source) {
    const scheduled = await api.getApiSourceSchedule({ params: { id: source._id } });
    if (scheduled.status === 200) schedule = scheduled.body.data;
  }
  return {
    sources: list.body.data.map((s) => ({ _id: s._id, name: s.name })),
    source,
    schedule,
    targets: targets.body.data.map((t) => ({ resource: t.resource, name: t.name })),
  };
}

export interface ApiConnectorAnswer {
  notice?: Notice;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  preview?: SourcePreview;
}

/**
 * `intent=preview`: the first rows of the first page; `intent=read`: a new run, then the uploader's view of it;
 * `intent=schedule`: create or change the source's scheduled read with the same target; `intent=cancel-schedule`.
 */
export async function apiConnectorAction(request: Request) {
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'source');
  const values = {
    resource: text(form, 'resource'),
    incremental: form.get('incremental') === 'on' ? 'on' : '',
    cron: text(form, 'cron'),
    timeZone: text(form, 'timeZone'),
  };
  if (!UUID.test(id)) {
    const answer: ApiConnectorAnswer = { notice: NOTICES.validation, fieldErrors: { source: NOTICES.validation.description }, values };
    return data(answer, { status: 400 });
  }
  if (intent === 'preview') {
    const result = await api.previewApiSource({ params: { id } });
    if (result.status !== 200) return data({ ...problemOf(result.body), values } satisfies ApiConnectorAnswer, { status: result.status });
    return { fieldErrors: {}, values, preview: result.body.data } satisfies ApiConnectorAnswer;
  }
  const back = `${API_CONNECTOR}?source=${id}`;
  if (intent === 'schedule') {
    const saved = await api.saveApiSourceSchedule({
      params: { id },
      body: { resource: values.resource, incremental: values.incremental === 'on', cron: values.cron, timeZone: values.timeZone, isActive: true },
    });
    if (saved.status !== 200) return data({ ...problemOf(saved.body), values } satisfies ApiConnectorAnswer, { status: saved.status });
    throw await redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: 'The scheduled read is saved.' });
  }
  if (intent === 'cancel-schedule') {
    const cancelled = await api.cancelApiSourceSchedule({ params: { id } });
    if (cancelled.status !== 200) return data({ ...problemOf(cancelled.body), values } satisfies ApiConnectorAnswer, { status: cancelled.status });
    throw await redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: 'The scheduled read is cancelled.' });
  }
  const result = await api.readApiSource({ params: { id }, body: { resource: values.resource, incremental: values.incremental === 'on' } });
  if (result.status !== 202) return data({ ...problemOf(result.body), values } satisfies ApiConnectorAnswer, { status: result.status });
  throw await redirectWithNotice(request, `${UPLOADER}?run=${result.body.data._id}`, {
    tone: 'success',
    title: 'Success!',
    description: 'The source is being read: check the columns once it is read, then make a dry run.',
  });
}
