import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { settingsContract } from '@campus/api-contract';
import { SETTINGS_BOUNDS, SystemSettingsSchema, TestEmailSchema, type SystemSettings } from '@campus/domain-iam';
import { Button, Checkbox, failureNotice, FormField, TextField } from '@campus/ui';
import { AreaLayout } from '../components/AreaLayout';
import { FormNotice } from '../components/FormNotice';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { z } from 'zod';
import { checkedBody, formAnswerOf, invalidForm, type FormNoticeData } from '../lib/answers.server';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';

export const meta: MetaFunction = () => [{ title: `Settings · ${APP_TITLE}` }];

const SAVE = 'save';
const TEST_EMAIL = 'test-email';

export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(settingsContract); // the route guard: IAM administrators only (401 page otherwise)
  const result = await api.getSystemSettings();
  if (result.status !== 200) throw Response.json({ message: failureNotice(undefined).description }, { status: result.status });
  return result.body.data;
}

/**
 * The page's two forms, one per intent: save the settings (the contract's settings body; the rule between its fields is
 * checked on the body made from it), and send a test email. Each value is read as typed (an empty mission or retention
 * period is one).
 */
const SettingsForm = z.discriminatedUnion('intent', [
  SystemSettingsSchema.innerType().extend({ intent: z.literal(SAVE) }),
  TestEmailSchema.extend({ intent: z.literal(TEST_EMAIL) }),
]);

/** The answer of a form the API took: which form, what it says, and the form's problems cleared. */
interface Done {
  readonly intent: typeof SAVE | typeof TEST_EMAIL;
  readonly notice: FormNoticeData;
  readonly result: SubmissionResult<string[]>;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(settingsContract);
  const submission = parseWithZod(await request.formData(), { schema: SettingsForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const { intent, ...fields } = submission.value;
  if (intent === TEST_EMAIL) {
    const sent = formAnswerOf(await api.sendTestEmail({ body: { to: submission.value.to } }), 202, submission, { notice: failureNotice, shownStatuses: [502] });
    if (sent.refusal) return sent.refusal;
    return { intent, notice: { tone: 'success', title: 'Test email', description: sent.body.data.message }, result: submission.reply({ resetForm: true }) } satisfies Done;
  }
  const checked = checkedBody(SystemSettingsSchema, fields);
  if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors);
  const saved = formAnswerOf(await api.saveSystemSettings({ body: checked.body }), 200, submission, { notice: failureNotice });
  if (saved.refusal) return saved.refusal;
  return {
    intent,
    notice: { tone: 'success', title: 'Settings saved', description: 'The new settings are in force.' },
    result: submission.reply({ resetForm: true }),
  } satisfies Done;
}

const NUMBERS: readonly { name: keyof typeof SETTINGS_BOUNDS; label: string; unit: string }[] = [
  { name: 'lockoutThreshold', label: 'Failed sign-ins before an account locks', unit: 'attempts' },
  { name: 'lockoutMinutes', label: 'Lockout duration', unit: 'minutes' },
  { name: 'sessionIdleMinutes', label: 'Session idle lifetime', unit: 'minutes' },
  { name: 'sessionAbsoluteHours', label: 'Session absolute lifetime', unit: 'hours' },
  { name: 'passwordMinLength', label: 'Minimum password length', unit: 'characters' },
];
const RETENTION: readonly { name: keyof typeof SETTINGS_BOUNDS; label: string; unit: string }[] = [
  { name: 'auditRetentionDays', label: 'Keep the audit trail for', unit: 'days' },
  { name: 'transcriptRetentionDays', label: 'Keep chat transcripts for', unit: 'days' },
];

export default function SettingsRoute() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const refused = answer && !('intent' in answer) ? answer : undefined;
  const [form] = useForm({ lastResult: answer?.result });
  // A refused form comes back as typed, its problems beside their fields; the other form is as loaded.
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const intent = answer && 'intent' in answer ? answer.intent : typed.intent;
  const saving = intent === SAVE ? { notice: answer?.notice, values: refused ? typed : undefined } : undefined;
  const testing = intent === TEST_EMAIL ? { notice: answer?.notice, values: refused ? typed : undefined } : undefined;
  const current = view.settings as SystemSettings;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const value = (name: keyof SystemSettings) => (saving?.values ? text(saving.values[name]) : String(current[name] ?? ''));
  const error = (name: string) => (intent === SAVE ? form.allErrors[name]?.[0] : undefined);
  const numberField = (f: (typeof NUMBERS)[number], optional = false) => (
    <TextField
      key={f.name}
      label={f.label}
      name={f.name}
      type="number"
      inputMode="numeric"
      isRequired={!optional}
      defaultValue={value(f.name)}
      error={error(f.name)}
      description={`${SETTINGS_BOUNDS[f.name].min}–${SETTINGS_BOUNDS[f.name].max} ${f.unit}.${optional ? ' Leave empty to keep everything (retention off); housekeeping purges older entries each night.' : ''}`}
    />
  );
  const mandatory = saving?.values ? saving.values.twoFactorMandatory === 'on' : current.twoFactorMandatory === true;
  const passkeysForAdmins = saving?.values
    ? saving.values.passkeysRequiredForIamAdmins === 'on'
    : current.passkeysRequiredForIamAdmins === true;
  const textArea = (name: 'mission' | 'vision', label: string) => (
    <FormField label={label} error={error(name)} description="Shown on the sign-in panel.">
      {(p) => <textarea {...p} name={name} rows={4} maxLength={2000} defaultValue={value(name)} className="cas-input" />}
    </FormField>
  );
  return (
    <AreaLayout>
      <h1 className="cas-page-title">Settings</h1>
      <FormNotice notice={saving?.notice} />
      <Form method="post" noValidate aria-label="System settings">
        <input type="hidden" name="intent" value={SAVE} />
        <section className="cas-panel" aria-labelledby="org-title">
          <h2 id="org-title" className="cas-panel-title">Organisation and sign-in panel</h2>
          <TextField label="Organisation name" name="organisationName" isRequired defaultValue={value('organisationName')} error={error('organisationName')} />
          <TextField
            label="Logo address"
            name="logoUrl"
            defaultValue={value('logoUrl')}
            error={error('logoUrl')}
            description="An https:// address or a path on this site such as /logo.svg; empty for the default logo."
          />
          {textArea('mission', 'Mission')}
          {textArea('vision', 'Vision')}
          <TextField label="Default time zone" name="timeZone" isRequired defaultValue={value('timeZone')} error={error('timeZone')} description="An IANA name such as Asia/Manila." />
        </section>
        <section className="cas-panel" aria-labelledby="security-title">
          <h2 id="security-title" className="cas-panel-title">Security</h2>
          {NUMBERS.map((f) => numberField(f))}
          <Checkbox name="twoFactorMandatory" value="on" defaultSelected={mandatory}>
            Two-factor sign-in is mandatory: a user without a second factor is sent to set one up after signing in
          </Checkbox>
          <Checkbox name="passkeysRequiredForIamAdmins" value="on" defaultSelected={passkeysForAdmins}>
            IAM administrators must sign in with a passkey: one without is sent to add a passkey after signing in, and an
            authenticator code no longer passes their second step
          </Checkbox>
        </section>
        <section className="cas-panel" aria-labelledby="retention-title">
          <h2 id="retention-title" className="cas-panel-title">Retention</h2>
          {RETENTION.map((f) => numberField(f, true))}
        </section>
        <section className="cas-panel" aria-labelledby="api-hosts-title">
          <h2 id="api-hosts-title" className="cas-panel-title">Data Migration</h2>
          <FormField
            label="Hosts data sources may reach"
            error={error('apiSourceHosts')}
            description="One per line: a host such as sis.example.edu, *.example.edu for its sub-domains, or an address. API sources and database connections reach only the hosts listed here, none while the list is empty. A host inside the network (private, loopback or link-local addresses) must be listed by its own name or address: a *.example.edu entry does not reach it."
          >
            {(p) => <textarea {...p} name="apiSourceHosts" rows={4} defaultValue={saving?.values ? text(saving.values.apiSourceHosts) : current.apiSourceHosts.join('\n')} className="cas-input" />}
          </FormField>
        </section>
        <Button type="submit" isDisabled={busy}>
          Save settings
        </Button>
      </Form>
      <section className="cas-panel" aria-labelledby="mail-title">
        <h2 id="mail-title" className="cas-panel-title">Outbound mail</h2>
        <p>
          SMTP_URL: <code data-testid="smtp-url">{view.smtpUrl ?? 'not set — mail is kept in the outbox'}</code>
          <br />
          Sender: <code>{view.mailFrom}</code>
        </p>
        <FormNotice notice={testing?.notice} />
        <Form method="post" noValidate aria-label="Send a test email">
          <input type="hidden" name="intent" value={TEST_EMAIL} />
          <TextField label="Send a test email to" name="to" type="email" isRequired defaultValue={text(testing?.values?.to)} error={intent === TEST_EMAIL ? form.allErrors.to?.[0] : undefined} />
          <Button type="submit" variant="secondary" isDisabled={busy}>
            Send a test email
          </Button>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="apps-title">
        <h2 id="apps-title" className="cas-panel-title">Each application's own settings</h2>
        <ul>
          <li><a href="/app/access-management/applications">Access Management: applications and single sign-on</a></li>
          <li><a href="/app/access-management/directory">Access Management: directory sign-in and sync (LDAP / Active Directory)</a></li>
          <li><a href="/app/support-management">Customer Support Management</a></li>
          <li><a href="/app/batch-management">Batch Management</a></li>
        </ul>
      </section>
    </AreaLayout>
  );
}

export const ErrorBoundary = RouteError;
