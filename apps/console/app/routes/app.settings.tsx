import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { settingsContract } from '@campus/api-contract';
import { SETTINGS_BOUNDS, SystemSettingsSchema, TestEmailSchema, type SystemSettings } from '@campus/domain-iam';
import { Button, Checkbox, failureNotice, FormField, TextField } from '@campus/ui';
import { AreaLayout } from '../components/AreaLayout';
import { FormNotice } from '../components/FormNotice';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { formProblem, formValues } from '../lib/forms.server';
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

type ActionData = {
  intent: string;
  notice: { tone: 'success' | 'error'; title: string; description: string } | null;
  fieldErrors: Record<string, string>;
  values?: Record<string, string>;
};

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(settingsContract);
  const form = await request.formData();
  const values = formValues(form);
  if (values.intent === TEST_EMAIL) {
    const parsed = TestEmailSchema.safeParse({ to: values.to });
    if (!parsed.success) return data<ActionData>({ intent: TEST_EMAIL, ...formProblem(parsed.error, values), values }, { status: 400 });
    const sent = await api.sendTestEmail({ body: parsed.data });
    if (sent.status !== 202) {
      const message = (sent.body as { message?: string }).message;
      return data<ActionData>({ intent: TEST_EMAIL, notice: failureNotice(message), fieldErrors: {}, values }, { status: sent.status });
    }
    return data<ActionData>({ intent: TEST_EMAIL, notice: { tone: 'success', title: 'Test email', description: sent.body.data.message }, fieldErrors: {} });
  }
  const { intent: _intent, ...fields } = values;
  const parsed = SystemSettingsSchema.safeParse(fields);
  if (!parsed.success) return data<ActionData>({ intent: SAVE, ...formProblem(parsed.error, values), values }, { status: 400 });
  const saved = await api.saveSystemSettings({ body: parsed.data });
  if (saved.status !== 200) {
    const body = saved.body as { message?: string; fieldErrors?: Record<string, string[]> };
    const fieldErrors = Object.fromEntries(Object.entries(body.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    return data<ActionData>({ intent: SAVE, notice: failureNotice(body.message), fieldErrors, values }, { status: saved.status });
  }
  return data<ActionData>({ intent: SAVE, notice: { tone: 'success', title: 'Settings saved', description: 'The new settings are in force.' }, fieldErrors: {} });
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
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const saving = result?.intent === SAVE ? result : undefined;
  const testing = result?.intent === TEST_EMAIL ? result : undefined;
  const current = view.settings as SystemSettings;
  const value = (name: keyof SystemSettings) => saving?.values?.[name] ?? String(current[name] ?? '');
  const error = (name: string) => saving?.fieldErrors[name];
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
            {(p) => <textarea {...p} name="apiSourceHosts" rows={4} defaultValue={saving?.values?.apiSourceHosts ?? current.apiSourceHosts.join('\n')} className="cas-input" />}
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
          <TextField label="Send a test email to" name="to" type="email" isRequired defaultValue={testing?.values?.to ?? ''} error={testing?.fieldErrors.to} />
          <Button type="submit" variant="secondary" isDisabled={busy}>
            Send a test email
          </Button>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="apps-title">
        <h2 id="apps-title" className="cas-panel-title">Each application's own settings</h2>
        <ul>
          <li><a href="/app/access-management/applications">Access Management: applications and single sign-on</a></li>
          <li><a href="/app/support-management">Customer Support Management</a></li>
          <li><a href="/app/batch-management">Batch Management</a></li>
        </ul>
      </section>
    </AreaLayout>
  );
}

export const ErrorBoundary = RouteError;
