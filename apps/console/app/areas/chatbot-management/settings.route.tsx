import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { resourceContracts } from '@campus/api-contract';
import type { ChatbotSettings } from '@campus/domain-chatbot';
import { NOTICES } from '@campus/ui';
import { RouteError } from '../../features/resources/RouteError';
import { contractClientFor } from '../../lib/api.server';
import { APP_TITLE } from '../../lib/constants';
import { formValues } from '../../lib/forms.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { chatbotApi, expectStatus } from './chatbot.server';
import './chatbot.css';

export const meta: MetaFunction = () => [{ title: `Chatbot Settings · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await chatbotApi(request);
  const settings = expectStatus<{ data: ChatbotSettings }>(await api.getChatbotSettings(), 200).data;
  const personas = await contractClientFor(request, resourceContracts['chatbot-personas']!);
  const list = expectStatus<{ rows: { _id: string; name: string; isActive: boolean }[] }>(
    await (personas.listChatbotPersonas as (a: unknown) => Promise<{ status: number; body: unknown }>)({ query: { limit: 100, sort: 'name' } }),
    200,
  );
  return { settings, personas: list.rows.filter((p) => p.isActive) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = await chatbotApi(request);
  const v = formValues(await request.formData());
  const number = (s: string | undefined) => (s && s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : (s as unknown as number));
  const body = {
    defaultPersonaId: v.defaultPersonaId || null,
    scoreThreshold: number(v.scoreThreshold),
    approvalRequired: v.approvalRequired === 'on',
    emailPerMinute: number(v.emailPerMinute),
    webChatPerMinute: number(v.webChatPerMinute),
    retentionDays: number(v.retentionDays),
    timeZone: v.timeZone ?? '',
    quietFrom: v.quietFrom || null,
    quietTo: v.quietTo || null,
  };
  const result = await api.updateChatbotSettings({ body });
  if (result.status === 200) return redirectWithNotice(request, '/app/chatbot-management/settings', NOTICES.updated);
  const failed = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
  return data({ values: v, message: failed.message ?? NOTICES.validation.description, fieldErrors: failed.fieldErrors ?? {} }, { status: result.status });
}

export default function SettingsRoute() {
  const { settings, personas } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const values: Record<string, string> = failed?.values ?? {
    defaultPersonaId: settings.defaultPersonaId ?? '',
    scoreThreshold: String(settings.scoreThreshold),
    approvalRequired: settings.approvalRequired ? 'on' : '',
    emailPerMinute: String(settings.emailPerMinute),
    webChatPerMinute: String(settings.webChatPerMinute),
    retentionDays: String(settings.retentionDays),
    timeZone: settings.timeZone,
    quietFrom: settings.quietFrom ?? '',
    quietTo: settings.quietTo ?? '',
  };
  const errors = failed?.fieldErrors ?? {};
  const err = (name: string) =>
    errors[name]?.[0] ? (
      <span className="cas-error" id={`${name}-error`}>
        {errors[name]![0]}
      </span>
    ) : null;
  const aria = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <>
      <h1 className="cas-page-title">Settings</h1>
      {failed ? (
        <p role="alert" className="cas-error">
          {NOTICES.validation.title}: {failed.message}
        </p>
      ) : null}
      <Form method="post" className="cas-chatbot-panel cas-chatbot-settings">
        <label>
          Default persona
          <select name="defaultPersonaId" defaultValue={values.defaultPersonaId} {...aria('defaultPersonaId')}>
            <option value="">First active persona</option>
            {personas.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </select>
          {err('defaultPersonaId')}
        </label>
        <label>
          Score threshold (required)
          <input name="scoreThreshold" type="number" min={0} max={1000} step="0.1" required defaultValue={values.scoreThreshold} {...aria('scoreThreshold')} />
          {err('scoreThreshold')}
        </label>
        <label>
          <input name="approvalRequired" type="checkbox" defaultChecked={values.approvalRequired === 'on'} /> Broadcasts need a second administrator’s approval
        </label>
        <label>
          Emails per minute (required)
          <input name="emailPerMinute" type="number" min={1} max={100000} step={1} required defaultValue={values.emailPerMinute} {...aria('emailPerMinute')} />
          {err('emailPerMinute')}
        </label>
        <label>
          Web chat messages per minute (required)
          <input name="webChatPerMinute" type="number" min={1} max={100000} step={1} required defaultValue={values.webChatPerMinute} {...aria('webChatPerMinute')} />
          {err('webChatPerMinute')}
        </label>
        <label>
          Keep transcripts for (days, required)
          <input name="retentionDays" type="number" min={1} max={3650} step={1} required defaultValue={values.retentionDays} {...aria('retentionDays')} />
          {err('retentionDays')}
        </label>
        <label>
          Time zone (required)
          <input name="timeZone" required defaultValue={values.timeZone} {...aria('timeZone')} />
          {err('timeZone')}
        </label>
        <label>
          Quiet hours from
          <input name="quietFrom" type="time" defaultValue={values.quietFrom} {...aria('quietFrom')} />
          {err('quietFrom')}
        </label>
        <label>
          Quiet hours to
          <input name="quietTo" type="time" defaultValue={values.quietTo} {...aria('quietTo')} />
          {err('quietTo')}
        </label>
        <button type="submit" className="cas-button">
          Save
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteError;
