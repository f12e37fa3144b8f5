import { Form, useNavigation } from '@remix-run/react';
import { DIRECTORY_TLS_LABELS, DIRECTORY_TLS_MODES, type DirectoryView } from '@campus/api-contract';
import { Button, Checkbox, FormField, KeyValueList, Notice, PasswordField, Select, StatusPill, TextField } from '@campus/ui';
import { BATCH_STATE_LABELS, type BatchState } from '@campus/domain-batch';
import type { DirectoryActionData } from './directory';

export interface DirectorySettingsProps {
  readonly view: DirectoryView;
  readonly answer?: DirectoryActionData;
}

const TLS_OPTIONS = DIRECTORY_TLS_MODES.map((mode) => ({ value: mode, label: DIRECTORY_TLS_LABELS[mode] }));
const MAPPING: readonly { name: keyof DirectoryView['connection']['mapping']; label: string; description: string }[] = [
  { name: 'id', label: 'Unique id attribute', description: 'Stable for the life of the entry: entryUUID (OpenLDAP) or objectGUID (Active Directory).' },
  { name: 'email', label: 'Email attribute', description: 'What people type to sign in, e.g. mail or userPrincipalName.' },
  { name: 'firstName', label: 'First name attribute', description: 'e.g. givenName.' },
  { name: 'lastName', label: 'Last name attribute', description: 'e.g. sn.' },
  { name: 'type', label: 'User type attribute', description: 'e.g. employeeType or eduPersonAffiliation; empty to leave it out.' },
];

/**
 * IAM settings → Directory (LDAP / Active Directory): the connection, "Test connection" with what the mapping reads,
 * and "Sync now", which opens the sync's batch. Plain forms: everything works without JavaScript.
 */
export function DirectorySettings({ view, answer }: DirectorySettingsProps) {
  const busy = useNavigation().state === 'submitting';
  const typed = answer?.values;
  const connection = view.connection;
  const value = (name: string): string => {
    if (typed) {
      const path = name.split('.');
      const found = path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), typed);
      return typeof found === 'string' ? found : '';
    }
    const found = name.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), connection);
    return typeof found === 'string' ? found : '';
  };
  const error = (name: string) => answer?.fieldErrors?.[name];
  const enabled = typed ? typed.enabled === true : connection.enabled;
  const sync = view.lastSync;
  return (
    <>
      <h1 className="cas-page-title">Directory (LDAP / Active Directory)</h1>
      <p>
        People sign in with their directory password, checked by binding to the directory; no password is stored here.
        Their account is created at the first sign-in and kept up to date by the hourly sync, which deactivates accounts
        gone from the directory (never deletes them).
      </p>
      {answer && answer.intent !== 'sync' ? <Notice {...answer.notice} /> : null}
      <Form method="post" noValidate aria-label="Directory connection">
        <section className="cas-panel" aria-labelledby="directory-connection-title">
          <h2 id="directory-connection-title" className="cas-panel-title">Connection</h2>
          <Checkbox name="enabled" value="on" defaultSelected={enabled}>
            Directory sign-in and sync are on
          </Checkbox>
          <TextField label="Directory address" name="url" isRequired defaultValue={value('url')} error={error('url')} description="ldaps://ad.example.edu or ldap://ldap.example.edu:389" />
          <Select label="Transport security" name="tls" options={TLS_OPTIONS} defaultValue={value('tls')} error={error('tls')} isRequired />
          <FormField label="CA certificate" error={error('caCertificate')} description="PEM. The directory's certificate is always checked: against this CA, else the system's.">
            {(p) => <textarea {...p} name="caCertificate" rows={4} defaultValue={value('caCertificate')} className="cas-input" spellCheck={false} />}
          </FormField>
          <TextField label="Bind DN" name="bindDn" isRequired defaultValue={value('bindDn')} error={error('bindDn')} description="A read-only service account, e.g. cn=campus-reader,dc=example,dc=edu" />
          <PasswordField
            label="Bind password"
            name="bindPassword"
            autoComplete="new-password"
            error={error('bindPassword')}
            description={view.hasBindPassword ? 'A password is saved (sealed). Leave empty to keep it.' : 'Stored sealed; never shown again.'}
          />
          <TextField label="Base DN" name="baseDn" isRequired defaultValue={value('baseDn')} error={error('baseDn')} description="Where people are searched, e.g. ou=people,dc=example,dc=edu" />
          <TextField label="User filter" name="userFilter" isRequired defaultValue={value('userFilter')} error={error('userFilter')} description="Which entries are people who may sign in, e.g. (objectClass=inetOrgPerson)" />
        </section>
        <section className="cas-panel" aria-labelledby="directory-mapping-title">
          <h2 id="directory-mapping-title" className="cas-panel-title">Attribute mapping</h2>
          {MAPPING.map((m) => (
            <TextField
              key={m.name}
              label={m.label}
              name={`mapping.${m.name}`}
              isRequired={m.name !== 'type'}
              defaultValue={value(`mapping.${m.name}`)}
              error={error(`mapping.${m.name}`)}
              description={m.description}
            />
          ))}
        </section>
        {answer?.intent === 'test' && answer.sample?.length ? (
          <section className="cas-panel" aria-labelledby="directory-sample-title">
            <h2 id="directory-sample-title" className="cas-panel-title">Entries as the mapping reads them</h2>
            <KeyValueList
              aria-label="Entries read"
              items={answer.sample.map((p) => ({ label: p.email, value: `${p.firstName} ${p.lastName}${p.type ? ` · ${p.type}` : ''}` }))}
            />
          </section>
        ) : null}
        <div className="cas-list-actions">
          <Button type="submit" name="intent" value="save" isDisabled={busy}>
            Save directory
          </Button>
          <Button type="submit" name="intent" value="test" variant="secondary" isDisabled={busy}>
            Test connection
          </Button>
        </div>
      </Form>
      <section className="cas-panel" aria-labelledby="directory-sync-title">
        <h2 id="directory-sync-title" className="cas-panel-title">Sync</h2>
        {answer?.intent === 'sync' ? <Notice {...answer.notice} /> : null}
        <KeyValueList
          aria-label="Directory accounts"
          items={[
            { label: 'Accounts from the directory', value: String(view.accounts.linked) },
            { label: 'Deactivated (gone from the directory)', value: String(view.accounts.removed) },
            {
              label: 'Last sync',
              value: sync ? (
                <>
                  <StatusPill tone={sync.state === 'completed' ? 'success' : sync.state === 'failed' ? 'danger' : 'info'}>{BATCH_STATE_LABELS[sync.state as BatchState] ?? sync.state}</StatusPill>{' '}
                  <a href={`/app/batch-management/tabs/batch-view?id=${sync.batchId}`}>{new Date(sync.createdAt).toLocaleString('en-PH')}</a>
                </>
              ) : (
                'Not yet'
              ),
            },
          ]}
        />
        <Form method="post" aria-label="Sync the directory now">
          <input type="hidden" name="intent" value="sync" />
          <Button type="submit" variant="secondary" isDisabled={busy || !view.connection.enabled}>
            Sync now
          </Button>
        </Form>
      </section>
    </>
  );
}
