import { data, redirect } from '@remix-run/node';
import { directoryContract, DirectoryConnectionSchema, type DirectoryConnection } from '@campus/api-contract';
import { answerOf, problemOf } from '../../lib/answers.server';
import { assertSameOrigin } from '../../lib/security.server';
import { signedIn } from '../../lib/request.server';
import { DIRECTORY_INTENTS, type DirectoryActionData, type DirectoryIntent } from './directory';

/** This screen lives under Access Management only. */
const SEGMENT = 'access-management';
export const DIRECTORY_IAM_ADMIN_ONLY = 'Only an IAM administrator may read or change the directory connection.';

/** The guard: the route guard (IAM), then the administrator flag (else 403); the API decides again. */
async function requireDirectoryAdmin(request: Request, area: string | undefined) {
  const context = await signedIn(request);
  if (area !== SEGMENT) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  if (!context.user.iamAdmin) throw Response.json({ message: DIRECTORY_IAM_ADMIN_ONLY }, { status: 403 });
  return context.client(directoryContract);
}

export async function loadDirectory(request: Request, area: string | undefined) {
  const api = await requireDirectoryAdmin(request, area);
  return answerOf(await api.getDirectory(), 200).data;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** The form as the contract's body: a check box is present (`on`) when ticked; an empty password keeps the saved one. */
function bodyOf(form: FormData): Record<string, unknown> {
  return {
    enabled: form.get('enabled') === 'on',
    url: text(form, 'url'),
    tls: text(form, 'tls'),
    caCertificate: text(form, 'caCertificate'),
    bindDn: text(form, 'bindDn'),
    bindPassword: text(form, 'bindPassword'),
    baseDn: text(form, 'baseDn'),
    userFilter: text(form, 'userFilter'),
    mapping: {
      id: text(form, 'mapping.id'),
      email: text(form, 'mapping.email'),
      firstName: text(form, 'mapping.firstName'),
      lastName: text(form, 'mapping.lastName'),
      type: text(form, 'mapping.type'),
    },
  };
}

/** Field errors by form name (`mapping.email`), from a zod issue path or the API's dotted keys. */
function fieldErrorsOf(issues: readonly { path: readonly (string | number)[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.join('.').replace(/^body\./, '');
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}

/** `intent=save`, `intent=test` (the connection as typed) and `intent=sync` (a batch, then its view). */
export async function directoryAction(request: Request, area: string | undefined) {
  assertSameOrigin(request);
  const api = await requireDirectoryAdmin(request, area);
  const form = await request.formData();
  const intent = text(form, 'intent') as DirectoryIntent;
  if (!DIRECTORY_INTENTS.includes(intent)) throw Response.json({ message: 'Unknown action.' }, { status: 400 });
  if (intent === 'sync') {
    const started = await api.syncDirectory({ body: {} });
    if (started.status === 202) return redirect(`/app/batch-management/tabs/batch-view?id=${started.body.data.batchId}`);
    return data<DirectoryActionData>({ intent, notice: { tone: 'error', title: 'Directory sync', description: problemOf(started.body).message } }, { status: started.status });
  }
  const raw = bodyOf(form);
  const { bindPassword: _hidden, ...typed } = raw;
  const parsed = DirectoryConnectionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    const description = Object.values(fieldErrors)[0] ?? 'Please fillup required fields.';
    return data<DirectoryActionData>({ intent, values: typed, fieldErrors, notice: { tone: 'error', title: 'Validation Error', description } }, { status: 400 });
  }
  const body: DirectoryConnection = parsed.data;
  if (intent === 'test') {
    const tested = await api.testDirectory({ body });
    if (tested.status !== 200) {
      return data<DirectoryActionData>({ intent, values: typed, notice: { tone: 'error', title: 'Test connection', description: problemOf(tested.body).message } }, { status: tested.status });
    }
    const result = tested.body.data;
    return data<DirectoryActionData>({
      intent,
      values: typed,
      notice: { tone: result.ok ? 'success' : 'error', title: result.ok ? 'Connection works' : 'Connection failed', description: result.message },
      sample: result.sample,
    });
  }
  const saved = await api.saveDirectory({ body });
  if (saved.status !== 200) {
    const problem = problemOf(saved.body);
    const fieldErrors = Object.fromEntries(Object.entries(problem.fieldErrors).map(([k, v]) => [k.replace(/^body\./, ''), v[0] ?? '']));
    return data<DirectoryActionData>({ intent, values: typed, fieldErrors, notice: { tone: 'error', title: 'Validation Error', description: problem.message } }, { status: saved.status });
  }
  return data<DirectoryActionData>({ intent, notice: { tone: 'success', title: 'Directory saved', description: 'The directory connection is saved.' } });
}
