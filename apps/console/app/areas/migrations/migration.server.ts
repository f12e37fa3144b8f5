import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { failureNotice } from '@campus/ui';
import { RUN_STATES, RunSettingsSchema, UPLOAD_MAX_BYTES } from '@campus/domain-migration';
import { migrationContract, type MigrationRun } from '@campus/api-contract';
import { z } from 'zod';
import { failureResponse } from '../../lib/api.server';
import { checkedBody, fieldNameOf, formAnswerOf, invalidForm, problemOf, type FormRefusal } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';

/** The Data Migration contract's client for the signed-in user, after the route guard (a download or a data request runs one loader alone). */
export async function apiFor(request: Request) {
  return (await signedIn(request)).client(migrationContract);
}

import { UPLOADER } from './paths';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadTargets(request: Request) {
  const api = await apiFor(request);
  const result = await api.listTargets();
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return result.body.data;
}

/** A file from the API (`{ name, contentType, contentBase64 }`) as a download. */
export function download(file: { name: string; contentType: string; contentBase64: string }): Response {
  return new Response(Buffer.from(file.contentBase64, 'base64'), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

const formatOf = (url: URL) => (url.searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv');

export async function templateDownload(request: Request) {
  await signedIn(request);
  const url = new URL(request.url);
  const resource = url.searchParams.get('resource') ?? '';
  const api = await apiFor(request);
  const result = await api.getTemplate({ params: { resource }, query: { format: formatOf(url) } });
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return download(result.body.data);
}

export async function errorFileDownload(request: Request) {
  await signedIn(request);
  const url = new URL(request.url);
  const id = url.searchParams.get('id') ?? '';
  if (!UUID.test(id)) throw data({ message: 'This page could not be found' }, { status: 404 });
  const api = await apiFor(request);
  const result = await api.getErrorFile({ params: { id }, query: { format: formatOf(url) } });
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return download(result.body.data);
}

/** The uploader: the targets, and the run named by `?run=` once a file is uploaded. */
export async function loadUploader(request: Request) {
  await signedIn(request);
  const url = new URL(request.url);
  const id = url.searchParams.get('run') ?? '';
  const api = await apiFor(request);
  const targets = await api.listTargets();
  if (targets.status !== 200) throw failureResponse(targets.status, targets.body);
  let run: MigrationRun | null = null;
  if (UUID.test(id)) {
    const found = await api.getRun({ params: { id } });
    if (found.status !== 200) throw failureResponse(found.status, found.body);
    run = found.body.data;
  }
  return { targets: targets.body.data, run, resource: url.searchParams.get('resource') ?? '' };
}

/**
 * A refused upload, answered as a refused form: the upload's body goes to the API unread, so there are no typed values
 * to give back, only the API's message and its problems by field (`resource`, `file`).
 */
function refusedUpload(status: number, body: unknown) {
  const { message, fieldErrors } = problemOf(body);
  const error = Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [fieldNameOf(key), messages]));
  return data<FormRefusal>({ result: { status: 'error', error }, notice: failureNotice(message) }, { status });
}

/** The run a form is about (a tampered id is no run). */
const run = z.string().uuid('This run could not be found.');

/**
 * The uploader's forms after the upload, one per intent: a dry run (`check`) or the run (`start`) with the column
 * matching, mode and date format as chosen — each header of the file (`headers[i]`, any text) with the column chosen
 * for it (`columns[i]`, empty to ignore it), read into the contract's run settings — or a new run of the rejected rows.
 */
export const UploaderForm = z.discriminatedUnion('intent', [
  RunSettingsSchema.omit({ mapping: true }).extend({
    intent: z.enum(['check', 'start']),
    run,
    headers: z.array(z.string()).default([]),
    columns: z.array(z.string().default('')).default([]),
  }),
  z.object({ intent: z.literal('rerun'), run }),
]);

/** The run settings of a dry run or run form, checked by the contract: each header with the column chosen for it. */
export function runSettingsOf(form: Extract<z.output<typeof UploaderForm>, { intent: 'check' | 'start' }>) {
  const mapping = Object.fromEntries(form.headers.map((header, i) => [header, form.columns[i] ?? '']));
  return checkedBody(RunSettingsSchema, { mapping, mode: form.mode, dateFormat: form.dateFormat });
}

/**
 * `intent=upload`: the file goes to the API as a multipart form and the page moves to the run. `intent=check` /
 * `intent=start`: the column matching, mode and date format as chosen, then a dry run or the run. `intent=rerun`: a
 * new run of the rows a run rejected.
 */
export async function uploaderAction(request: Request) {
  const context = await signedIn(request);
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > UPLOAD_MAX_BYTES + 64 * 1024) {
    return refusedUpload(413, { message: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` });
  }
  // The upload form is the only multipart one: its body goes to the API as it arrives, never read here.
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const result = await context.forwardUpload(migrationContract.uploadFile.path);
    if (result.status !== 201) return refusedUpload(result.status, result.body);
    const uploaded = (result.body as { data: MigrationRun }).data;
    throw await redirectWithNotice(request, `${UPLOADER}?run=${uploaded._id}`, {
      tone: 'success',
      title: 'Success!',
      description: `${uploaded.sourceName} was read: check the columns, then make a dry run.`,
    });
  }
  const api = context.client(migrationContract);
  const submission = parseWithZod(await request.formData(), { schema: UploaderForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const params = { id: form.run };
  const shown = { notice: failureNotice, shownStatuses: [403, 404] };
  if (form.intent === 'rerun') {
    const rerun = formAnswerOf(await api.rerunRejected({ params }), 201, submission, shown);
    if (rerun.refusal) return rerun.refusal;
    throw await redirectWithNotice(request, `${UPLOADER}?run=${rerun.body.data._id}`, { tone: 'success', title: 'Success!', description: 'A new run holds the rejected rows.' });
  }
  const checked = runSettingsOf(form);
  if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors);
  const body = checked.body;
  const started = formAnswerOf(form.intent === 'start' ? await api.startRun({ params, body }) : await api.checkRun({ params, body }), 202, submission, shown);
  if (started.refusal) return started.refusal;
  throw await redirectWithNotice(request, `${UPLOADER}?run=${form.run}`, {
    tone: 'success',
    title: 'Success!',
    description: form.intent === 'start' ? 'The import has started.' : 'The dry run has started: nothing is saved.',
  });
}

export async function loadHistories(request: Request) {
  await signedIn(request);
  const url = new URL(request.url);
  const p = url.searchParams;
  const page = Math.max(1, Number(p.get('page')) || 1);
  const state = p.get('state') ?? '';
  const resource = p.get('resource') ?? '';
  const api = await apiFor(request);
  const [runs, targets] = await Promise.all([
    api.listRuns({
      query: {
        page,
        limit: 20,
        ...(resource ? { resource } : {}),
        ...((RUN_STATES as readonly string[]).includes(state) ? { state: state as (typeof RUN_STATES)[number] } : {}),
      },
    }),
    api.listTargets(),
  ]);
  if (runs.status !== 200) throw failureResponse(runs.status, runs.body);
  if (targets.status !== 200) throw failureResponse(targets.status, targets.body);
  return { rows: runs.body.rows, count: runs.body.count, page, state, resource, targets: targets.body.data.map((t) => ({ resource: t.resource, name: t.name, label: t.label })) };
}

export async function loadIndex(request: Request) {
  const api = await apiFor(request);
  const [runs, targets] = await Promise.all([api.listRuns({ query: { page: 1, limit: 5 } }), api.listTargets()]);
  return {
    recent: runs.status === 200 ? runs.body.rows : [],
    targets: targets.status === 200 ? targets.body.data.map((t) => ({ name: t.name, label: t.label })) : [],
  };
}
