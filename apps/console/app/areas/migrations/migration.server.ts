import { data } from '@remix-run/node';
import { failureNotice } from '@campus/ui';
import { DATE_FORMATS, RUN_MODES, RUN_STATES, UPLOAD_MAX_BYTES } from '@campus/domain-migration';
import { migrationContract, type MigrationRun } from '@campus/api-contract';
import { failureResponse } from '../../lib/api.server';

import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';

/** The Data Migration contract's client for the signed-in user, after the route guard (a download or a data request runs one loader alone). */
export async function apiFor(request: Request) {
  return (await signedIn(request)).client(migrationContract);
}

import { UPLOADER } from './paths';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Problem {
  notice: ReturnType<typeof failureNotice>;
  fieldErrors: Record<string, string>;
}

function problemOf(body: unknown): Problem {
  const b = (body ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
  return { notice: failureNotice(b.message), fieldErrors: Object.fromEntries(Object.entries(b.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])) };
}

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
 * `intent=upload`: the file goes to the API as a multipart form and the page moves to the run. `intent=check` /
 * `intent=start`: the column matching, mode and date format as chosen, then a dry run or the run.
 */
export async function uploaderAction(request: Request) {
  await signedIn(request);
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > UPLOAD_MAX_BYTES + 64 * 1024) {
    return data(problemOf({ message: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` }), { status: 413 });
  }
  // The upload form is the only multipart one: its body goes to the API as it arrives, never read here.
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const result = await (await signedIn(request)).forwardUpload(migrationContract.uploadFile.path);
    if (result.status !== 201) return data(problemOf(result.body), { status: result.status });
    const run = (result.body as { data: MigrationRun }).data;
    throw await redirectWithNotice(request, `${UPLOADER}?run=${run._id}`, {
      tone: 'success',
      title: 'Success!',
      description: `${run.sourceName} was read: check the columns, then make a dry run.`,
    });
  }
  const api = await apiFor(request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('run') ?? '');
  if (!UUID.test(id)) return data(problemOf({ message: 'This run could not be found.' }), { status: 404 });
  const mapping: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (name.startsWith('map:') && typeof value === 'string') mapping[name.slice(4)] = value;
  const mode = String(form.get('mode') ?? 'skip');
  const dateFormat = String(form.get('dateFormat') ?? 'mm/dd/yyyy');
  const body = {
    mapping,
    mode: (RUN_MODES as readonly string[]).includes(mode) ? (mode as (typeof RUN_MODES)[number]) : 'skip',
    dateFormat: (DATE_FORMATS as readonly string[]).includes(dateFormat) ? (dateFormat as (typeof DATE_FORMATS)[number]) : 'mm/dd/yyyy',
  };
  if (intent === 'rerun') {
    const result = await api.rerunRejected({ params: { id } });
    if (result.status !== 201) return data(problemOf(result.body), { status: result.status });
    throw await redirectWithNotice(request, `${UPLOADER}?run=${result.body.data._id}`, { tone: 'success', title: 'Success!', description: 'A new run holds the rejected rows.' });
  }
  const result = intent === 'start' ? await api.startRun({ params: { id }, body }) : await api.checkRun({ params: { id }, body });
  if (result.status !== 202) return data(problemOf(result.body), { status: result.status });
  throw await redirectWithNotice(request, `${UPLOADER}?run=${id}`, {
    tone: 'success',
    title: 'Success!',
    description: intent === 'start' ? 'The import has started.' : 'The dry run has started: nothing is saved.',
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
  return { rows: runs.body.rows, count: runs.body.count, page, state, resource, targets: targets.body.data.map((t) => ({ resource: t.resource, label: t.label })) };
}

export async function loadIndex(request: Request) {
  const api = await apiFor(request);
  const runs = await api.listRuns({ query: { page: 1, limit: 5 } });
  return { recent: runs.status === 200 ? runs.body.rows : [] };
}
