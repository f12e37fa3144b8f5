import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { chatbotContract } from '@campus/api-contract';
import { ChatbotSettingsSchema } from '@campus/domain-chatbot';
import { NOTICES } from '@campus/ui';
import { z } from 'zod';
import { RouteError } from '../../features/resources/RouteError';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { APP_TITLE } from '../../lib/constants';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';
import { assertSameOrigin } from '../../lib/security.server';
import './chatbot.css';

export const meta: MetaFunction = () => [{ title: `Chatbot Settings · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await signedIn(request);
  const [settings, personas] = await Promise.all([
    context.client(chatbotContract).getChatbotSettings(),
    context.api.resource('chatbot-personas').list({ limit: 100, sort: 'name' }),
  ]);
  const rows = answerOf(personas, 200).rows.map((p) => ({ _id: p._id, name: String(p.name), isActive: p.isActive === true }));
  return { settings: answerOf(settings, 200).data, personas: rows.filter((p) => p.isActive) };
}

/** An empty field of a setting that may be unset (no default persona, no quiet hours) is `null`. */
const emptyIsNull = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === undefined || v === '' ? null : v), schema);

/** The settings form: every setting of the contract's schema, a check box unticked meaning no. */
const SettingsForm = ChatbotSettingsSchema.extend({
  defaultPersonaId: emptyIsNull(ChatbotSettingsSchema.shape.defaultPersonaId),
  quietFrom: emptyIsNull(ChatbotSettingsSchema.shape.quietFrom),
  quietTo: emptyIsNull(ChatbotSettingsSchema.shape.quietTo),
  approvalRequired: ChatbotSettingsSchema.shape.approvalRequired.default(false),
});

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract);
  const submission = parseWithZod(await request.formData(), { schema: SettingsForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const answer = formAnswerOf(await api.updateChatbotSettings({ body: submission.value }), 200, submission);
  if (answer.refusal) return answer.refusal;
  return redirectWithNotice(request, '/app/chatbot-management/settings', NOTICES.updated);
}

type SettingsFields = Record<keyof z.input<typeof SettingsForm>, string>;

export default function SettingsRoute() {
  const { settings, personas } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [, fields] = useForm<SettingsFields>({ lastResult: failed?.result });
  const typed = failed?.result.initialValue as Partial<SettingsFields> | undefined;
  const values: Partial<SettingsFields> = typed ?? {
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
  const err = (name: keyof SettingsFields) =>
    fields[name].errors?.[0] ? (
      <span className="cas-error" id={`${name}-error`}>
        {fields[name].errors[0]}
      </span>
    ) : null;
  const aria = (name: keyof SettingsFields) => (fields[name].errors?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <>
      <h1 className="cas-page-title">Settings</h1>
      {failed ? (
        <p role="alert" className="cas-error">
          {NOTICES.validation.title}: {failed.notice.description}
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
