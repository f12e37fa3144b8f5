import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { SCIM_IAM_ADMIN_ONLY, scimContract, ScimDeliveryQuerySchema, ScimTargetSettingsSchema } from '@campus/api-contract';
import { PAGE_SIZES } from '@campus/ui';
import { z } from 'zod';
import { answerOf, invalidForm, problemOf, queryOrThrow, replyWithApiErrors } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { SAVE_SCIM, SCIM_RECENT, type ScimPanelData, type ScimPanelResult } from './scim';

/** This area's segment: the delivery log answers only under it. */
const SEGMENT = 'access-management';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application's SCIM settings and latest deliveries, for an IAM administrator; null for anyone else. */
export async function loadScim(request: Request, applicationId: string): Promise<ScimPanelData | null> {
  const context = await signedIn(request);
  if (!context.user.iamAdmin) return null;
  const api = context.client(scimContract);
  const [target, recent] = await Promise.all([
    api.getApplicationScim({ params: { id: applicationId } }),
    api.listApplicationScimDeliveries({ params: { id: applicationId }, query: { page: 1, limit: SCIM_RECENT } }),
  ]);
  if (target.status !== 200 || recent.status !== 200) return null;
  const { deliveries: _latest, ...settings } = target.body.data;
  return { target: settings, recent: recent.body.rows, deliveryCount: recent.body.count };
}

const shape = ScimTargetSettingsSchema.shape;
/** The SCIM form as the contract's settings: the check box is present (`on`) when ticked; an empty token keeps the saved one. */
const ScimForm = z.object({
  intent: z.literal(SAVE_SCIM),
  enabled: z.preprocess((v) => v === 'on', shape.enabled),
  baseUrl: z.preprocess((v) => v ?? '', shape.baseUrl),
  token: z.preprocess((v) => v ?? '', shape.token),
});

/** `intent=save-scim` of the application's edit screen: the settings through the contract's schema, then the API. */
export async function scimAction(request: Request, applicationId: string, form: FormData) {
  const context = await signedIn(request);
  const submission = parseWithZod(form, { schema: ScimForm, disableAutoCoercion: true });
  const hideFields = ['token'];
  if (submission.status !== 'success') {
    const refused = invalidForm(submission, {}, { hideFields });
    return data<{ panelResult: ScimPanelResult }>({ panelResult: { form: 'scim', ...refused.data } }, { status: 400 });
  }
  const { intent: _intent, ...body } = submission.value;
  const result = await context.client(scimContract).saveApplicationScim({ params: { id: applicationId }, body });
  if (result.status === 200) {
    const saved = result.body.data;
    const description = saved.enabled
      ? 'SCIM provisioning is on: the users holding a role of this application and its roles are pushed to it.'
      : 'SCIM provisioning is off: nothing is pushed to this application.';
    return data<{ panelResult: ScimPanelResult }>({ panelResult: { form: 'scim', notice: { tone: 'success', title: 'SCIM settings saved', description } } });
  }
  const problem = problemOf(result.body);
  return data<{ panelResult: ScimPanelResult }>(
    {
      panelResult: {
        form: 'scim',
        notice: { tone: 'error', title: result.status === 400 ? 'Validation Error' : 'SCIM settings not saved', description: problem.message || 'The settings were not saved.' },
        result: replyWithApiErrors(submission, result.body, { hideFields }),
      },
    },
    { status: result.status },
  );
}

/** The guard of the delivery log screen: the route guard (IAM), then the administrator flag (else 403); the API decides again. */
async function requireScimAdmin(request: Request, area: string | undefined) {
  const context = await signedIn(request);
  if (area !== SEGMENT) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  if (!context.user.iamAdmin) throw Response.json({ message: SCIM_IAM_ADMIN_ONLY }, { status: 403 });
  return context;
}

/** A page of an application's SCIM delivery log, newest first, with the application's name. */
export async function loadScimLog(request: Request, area: string | undefined, applicationId: string | undefined) {
  const context = await requireScimAdmin(request, area);
  if (!applicationId || !UUID.test(applicationId)) throw Response.json({ message: 'This page could not be found' }, { status: 404 });
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([key]) => key === 'page' || key === 'limit'));
  const query = queryOrThrow(ScimDeliveryQuerySchema, raw);
  const limit = (PAGE_SIZES as readonly number[]).includes(query.limit) ? query.limit : 20;
  const [application, log, target] = await Promise.all([
    context.api.resource('applications').get(applicationId),
    context.client(scimContract).listApplicationScimDeliveries({ params: { id: applicationId }, query: { page: query.page, limit } }),
    context.client(scimContract).getApplicationScim({ params: { id: applicationId } }),
  ]);
  const record = answerOf(application, 200).data;
  const page = answerOf(log, 200);
  const settings = answerOf(target, 200).data;
  return {
    applicationId,
    applicationName: String(record.name ?? ''),
    enabled: settings.enabled,
    baseUrl: settings.baseUrl,
    rows: page.rows,
    count: page.count,
    page: query.page,
    limit,
    searchParams: url.searchParams.toString(),
  };
}
