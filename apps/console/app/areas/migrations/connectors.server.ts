import { data } from '@remix-run/node';
import { failureNotice, NOTICES } from '@campus/ui';
import { DB_KINDS, type DbKind } from '@campus/domain-migration';
import type { ConnectionSchedule, SourcePreview } from '@campus/api-contract';
import { failureResponse } from '../../lib/api.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { apiFor } from './migration.server';
import { DATABASES, DB_CONNECTOR, UPLOADER } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the connection form sends back after a refused save: the notice, each field's message, what was typed. */
export interface ConnectionProblem {
  intent: 'save';
  notice: ReturnType<typeof failureNotice> | typeof NOTICES.validation;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

export function problemOf(body: unknown) {
  const b = (body ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
  const fieldErrors = Object.fromEntries(Object.entries(b.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
  const required = Object.values(fieldErrors).includes(NOTICES.validation.description);
  const notice = required ? NOTICES.validation : b.fieldErrors ? { ...NOTICES.validation, description: b.message ?? '' } : failureNotice(b.message);
  return { notice, fieldErrors };
}

/** The databases screen: every saved connection, and the one named by `?edit=` in the form. */
export async function loadDatabases(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const list = await api.listConnections();
  if (list.status !== 200) throw failureResponse(list.status, list.body);
  const editId = url.searchParams.get('edit') ?? '';
  const editing = UUID.test(editId) ? (list.body.data.find((c) => c._id === editId) ?? null) : null;
  return { connections: list.body.data, editing };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** `intent=save` (create, or update when `id` is set), `test` and `delete`. */
export async function databasesAction(request: Request) {
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'id');
  if (intent === 'test' || intent === 'delete') {
    if (!UUID.test(id)) return data({ intent, notice: failureNotice('Connection not found.') }, { status: 404 });
    if (intent === 'test') {
      const result = await api.testConnection({ params: { id } });
      if (result.status !== 200) return data({ intent, ...problemOf(result.body) }, { status: result.status });
      return { intent, id, test: result.body.data };
    }
    const result = await api.deleteConnection({ params: { id } });
    if (result.status !== 200) return data({ intent, ...problemOf(result.body) }, { status: result.status });
    throw await redirectWithNotice(request, DATABASES, { tone: 'success', title: 'Success!', description: 'Connection deleted.' });
  }
  const kind = text(form, 'kind');
  const values = {
    name: text(form, 'name'),
    kind: text(form, 'kind'),
    host: text(form, 'host'),
    port: text(form, 'port'),
    database: text(form, 'database'),
    username: text(form, 'username'),
    tls: form.get('tls') === 'on' ? 'on' : '',
    tlsCa: text(form, 'tlsCa'),
  };
  const body = {
    ...values,
    kind: ((DB_KINDS as readonly string[]).includes(kind) ? kind : kind || '') as DbKind,
    port: values.port === '' ? (undefined as unknown as number) : Number(values.port),
    password: String(form.get('password') ?? ''),
    tls: values.tls === 'on',
  };
  const result = UUID.test(id) ? await api.updateConnection({ params: { id }, body }) : await api.createConnection({ body });
  if (result.status !== 200 && result.status !== 201) {
    const problem: ConnectionProblem = { intent: 'save', ...problemOf(result.body), values: { ...values, id } };
    return data(problem, { status: result.status });
  }
  throw await redirectWithNotice(request, DATABASES, result.status === 201 ? NOTICES.created : NOTICES.updated);
}

/** The db-connector: connections, targets, and for `?connection=` its tables (or why they could not be listed). */
export async function loadDbConnector(request: Request) {
  const url = new URL(request.url);
  const api = await apiFor(request);
  const [list, targets] = await Promise.all([api.listConnections(), api.listTargets()]);
  if (list.status !== 200) throw failureResponse(list.status, list.body);
  if (targets.status !== 200) throw failureResponse(targets.status, targets.body);
  const id = url.searchParams.get('connection') ?? '';
  const connection = UUID.test(id) ? (list.body.data.find((c) => c._id === id) ?? null) : null;
  let tables: string[] = [];
  let tablesProblem: string | null = null;
  let schedule: ConnectionSchedule | null = null;
  if (connection) {
    const [found, scheduled] = await Promise.all([api.listSourceTables({ params: { id: connection._id } }), api.getConnectionSchedule({ params: { id: connection._id } })]);
    if (found.status === 200) tables = found.body.data;
    else tablesProblem = (found.body as { message?: string }).message ?? 'The tables could not be listed.';
    if (scheduled.status === 200) schedule = scheduled.body.data;
  }
  return {
    connections: list.body.data.map((c) => ({ _id: c._id, name: c.name })),
    connection,
    schedule,
    tables,
    tablesProblem,
    targets: targets.body.data.map((t) => ({ resource: t.resource, name: t.name })),
  };
}

export interface ConnectorAnswer {
  notice?: ReturnType<typeof problemOf>['notice'];
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  preview?: SourcePreview;
}

/**
 * `intent=preview`: the first 20 rows; `intent=read`: a new run, then the uploader's view of it; `intent=schedule`:
 * create or change the connection's scheduled read with the same source and target; `intent=cancel-schedule`.
 */
export async function dbConnectorAction(request: Request) {
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = text(form, 'connection');
  const values = {
    table: text(form, 'table'),
    query: text(form, 'query'),
    cursorColumn: text(form, 'cursorColumn'),
    resource: text(form, 'resource'),
    incremental: form.get('incremental') === 'on' ? 'on' : '',
    cron: text(form, 'cron'),
    timeZone: text(form, 'timeZone'),
  };
  if (!UUID.test(id)) {
    const answer: ConnectorAnswer = { notice: NOTICES.validation, fieldErrors: { connection: NOTICES.validation.description }, values };
    return data(answer, { status: 400 });
  }
  const source = { table: values.table, query: values.query, cursorColumn: values.cursorColumn };
  if (intent === 'preview') {
    const result = await api.previewSource({ params: { id }, body: source });
    if (result.status !== 200) return data({ ...problemOf(result.body), values } satisfies ConnectorAnswer, { status: result.status });
    return { fieldErrors: {}, values, preview: result.body.data } satisfies ConnectorAnswer;
  }
  const back = `${DB_CONNECTOR}?connection=${id}`;
  if (intent === 'schedule') {
    const saved = await api.saveConnectionSchedule({
      params: { id },
      body: { ...source, resource: values.resource, incremental: values.incremental === 'on', cron: values.cron, timeZone: values.timeZone, isActive: true },
    });
    if (saved.status !== 200) return data({ ...problemOf(saved.body), values } satisfies ConnectorAnswer, { status: saved.status });
    throw await redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: 'The scheduled read is saved.' });
  }
  if (intent === 'cancel-schedule') {
    const cancelled = await api.cancelConnectionSchedule({ params: { id } });
    if (cancelled.status !== 200) return data({ ...problemOf(cancelled.body), values } satisfies ConnectorAnswer, { status: cancelled.status });
    throw await redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description: 'The scheduled read is cancelled.' });
  }
  const result = await api.readSource({ params: { id }, body: { ...source, resource: values.resource, incremental: values.incremental === 'on' } });
  if (result.status !== 202) return data({ ...problemOf(result.body), values } satisfies ConnectorAnswer, { status: result.status });
  throw await redirectWithNotice(request, `${UPLOADER}?run=${result.body.data._id}`, {
    tone: 'success',
    title: 'Success!',
    description: 'The source is being read: check the columns once it is read, then make a dry run.',
  });
}
