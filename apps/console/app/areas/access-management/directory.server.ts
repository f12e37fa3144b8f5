import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { directoryContract } from '@campus/api-contract';
import { answerOf, formAnswerOf, invalidForm, problemOf, type FormRefusal } from '../../lib/answers.server';
import { assertSameOrigin } from '../../lib/security.server';
import { signedIn } from '../../lib/request.server';
import { DIRECTORY_INTENTS, DirectoryFormSchema, withoutUnusedRules, type DirectoryActionData, type DirectoryIntent, type RoleChoice } from './directory';

/** This screen lives under Access Management only. */
const SEGMENT = 'access-management';
export const DIRECTORY_IAM_ADMIN_ONLY = 'Only an IAM administrator may read or change the directory connection.';
/** Never sent back to the form. */
const HIDDEN = ['bindPassword'];
/** Roles are read a page at a time; a university has a few hundred at most. */
const ROLE_PAGE = 100;
const ROLE_PAGES = 20;

/** The guard: the route guard (IAM), then the administrator flag (else 403); the API decides again. */
async function requireDirectoryAdmin(request: Request, area: string | undefined) {
  const context = await signedIn(request);
  if (area !== SEGMENT) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  if (!context.user.iamAdmin) throw Response.json({ message: DIRECTORY_IAM_ADMIN_ONLY }, { status: 403 });
  return context;
}

/** The connection and what it has done, with the roles a group mapping may grant. */
export async function loadDirectory(request: Request, area: string | undefined) {
  const context = await requireDirectoryAdmin(request, area);
  const view = answerOf(await context.client(directoryContract).getDirectory(), 200).data;
  const roles: RoleChoice[] = [];
  for (let page = 1; page <= ROLE_PAGES; page++) {
    const { rows } = answerOf(await context.api.resource('roles').list({ limit: ROLE_PAGE, page, sort: 'name' }), 200);
    for (const role of rows) roles.push({ value: String(role._id), label: `${String(role.name)} (${String(role.applicationCode)})` });
    if (rows.length < ROLE_PAGE) break;
  }
  return { view, roles };
}

/** A refused form's answer, saying which form it was. */
function refusedAs(intent: DirectoryIntent, refused: ReturnType<typeof data<FormRefusal>>) {
  return data<DirectoryActionData>({ intent, ...refused.data }, refused.init ?? undefined);
}

/** `intent=save`, `intent=test` (the connection as typed) and `intent=sync` (a batch, then its view). */
export async function directoryAction(request: Request, area: string | undefined) {
  assertSameOrigin(request);
  const api = (await requireDirectoryAdmin(request, area)).client(directoryContract);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as DirectoryIntent;
  if (!DIRECTORY_INTENTS.includes(intent)) throw Response.json({ message: 'Unknown action.' }, { status: 400 });
  if (intent === 'sync') {
    const started = await api.syncDirectory({ body: {} });
    if (started.status === 202) return redirect(`/app/batch-management/tabs/batch-view?id=${started.body.data.batchId}`);
    return data<DirectoryActionData>({ intent, notice: { tone: 'error', title: 'Directory sync', description: problemOf(started.body).message } }, { status: started.status });
  }
  const submission = parseWithZod(withoutUnusedRules(form), { schema: DirectoryFormSchema });
  if (submission.status !== 'success') return refusedAs(intent, invalidForm(submission, {}, { hideFields: HIDDEN }));
  const body = submission.value;
  if (intent === 'test') {
    const tested = formAnswerOf(await api.testDirectory({ body }), 200, submission, { hideFields: HIDDEN });
    if (tested.refusal) return refusedAs(intent, tested.refusal);
    const result = tested.body.data;
    return data<DirectoryActionData>({
      intent,
      result: submission.reply({ hideFields: HIDDEN }),
      notice: { tone: result.ok ? 'success' : 'error', title: result.ok ? 'Connection works' : 'Connection failed', description: result.message },
      sample: result.sample,
    });
  }
  const saved = formAnswerOf(await api.saveDirectory({ body }), 200, submission, { hideFields: HIDDEN });
  if (saved.refusal) return refusedAs(intent, saved.refusal);
  return data<DirectoryActionData>({ intent, notice: { tone: 'success', title: 'Directory saved', description: 'The directory connection is saved.' } });
}
