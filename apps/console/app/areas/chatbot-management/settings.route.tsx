import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { chatbotContract } from '@campus/api-contract';
import { ChatbotSettingsSchema } from '@campus/domain-chatbot';
import { Button, Checkbox, FormField, NOTICES, Select, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
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
  const err = (name: keyof SettingsFields) => fields[name].errors?.[0];
  /** A number or time setting: the browser's own input in the field style, with label and error. */
  const input = (name: keyof SettingsFields, label: string, attributes: { type: 'number' | 'time' | 'text'; min?: number; max?: number; step?: number | string; isRequired?: boolean }) => (
    <FormField label={label} error={err(name)} isRequired={attributes.isRequired}>
      {(control) => (
        <input
          {...control}
          className="cas-input"
          name={name}
          type={attributes.type}
          min={attributes.min}
          max={attributes.max}
          step={attributes.step}
          required={attributes.isRequired}
          defaultValue={values[name]}
        />
      )}
    </FormField>
  );
  return (
    <>
      <h1 className="cas-page-title">Settings</h1>
      <FormNotice notice={failed?.notice} />
      <Form method="post" className="cas-chatbot-panel cas-chatbot-settings">
        <Select
          label="Default persona"
          name="defaultPersonaId"
          placeholder="First active persona"
          defaultValue={values.defaultPersonaId}
          options={personas.map((p) => ({ value: p._id, label: p.name }))}
          error={err('defaultPersonaId')}
        />
        {input('scoreThreshold', 'Score threshold', { type: 'number', min: 0, max: 1000, step: '0.1', isRequired: true })}
        <Checkbox name="approvalRequired" defaultSelected={values.approvalRequired === 'on'}>
          Broadcasts need a second administrator’s approval
        </Checkbox>
        {input('emailPerMinute', 'Emails per minute', { type: 'number', min: 1, max: 100000, step: 1, isRequired: true })}
        {input('webChatPerMinute', 'Web chat messages per minute', { type: 'number', min: 1, max: 100000, step: 1, isRequired: true })}
        {input('retentionDays', 'Keep transcripts for (days)', { type: 'number', min: 1, max: 3650, step: 1, isRequired: true })}
        <TextField label="Time zone" name="timeZone" isRequired defaultValue={values.timeZone} error={err('timeZone')} />
        {input('quietFrom', 'Quiet hours from', { type: 'time' })}
        {input('quietTo', 'Quiet hours to', { type: 'time' })}
        <div>
          <Button type="submit">Save</Button>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteError;
