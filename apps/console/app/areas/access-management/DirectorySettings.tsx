import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import {
  DIRECTORY_GROUP_SOURCE_LABELS,
  DIRECTORY_GROUP_SOURCES,
  DIRECTORY_TLS_LABELS,
  DIRECTORY_TLS_MODES,
  type DirectoryView,
} from '@campus/api-contract';
import { Button, Checkbox, FormField, KeyValueList, Notice, PasswordField, Select, StatusPill, TextField } from '@campus/ui';
import { BATCH_STATE_LABELS, type BatchState } from '@campus/domain-batch';
import { DirectoryFormSchema, ruleField, withoutUnusedRules, type DirectoryActionData, type RoleChoice } from './directory';
import './directory.css';

export interface DirectorySettingsProps {
  readonly view: DirectoryView;
  readonly roles: readonly RoleChoice[];
  readonly answer?: DirectoryActionData;
}

const TLS_OPTIONS = DIRECTORY_TLS_MODES.map((mode) => ({ value: mode, label: DIRECTORY_TLS_LABELS[mode] }));
const GROUP_SOURCE_OPTIONS = DIRECTORY_GROUP_SOURCES.map((source) => ({ value: source, label: DIRECTORY_GROUP_SOURCE_LABELS[source] }));
const MAPPING: readonly { name: keyof DirectoryView['connection']['mapping']; label: string; description: string }[] = [
  { name: 'id', label: 'Unique id attribute', description: 'Stable for the life of the entry: entryUUID (OpenLDAP) or objectGUID (Active Directory).' },
  { name: 'email', label: 'Email attribute', description: 'What people type to sign in, e.g. mail or userPrincipalName.' },
  { name: 'firstName', label: 'First name attribute', description: 'e.g. givenName.' },
  { name: 'lastName', label: 'Last name attribute', description: 'e.g. sn.' },
  { name: 'type', label: 'User type attribute', description: 'e.g. employeeType or eduPersonAffiliation; empty to leave it out.' },
];

/** The value at a Conform field name (`mapping.id`, `groups.rules[0].roleIds`) in a nested object. */
function at(source: unknown, name: string): unknown {
  return name
    .split(/[.[\]]/)
    .filter(Boolean)
    .reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), source);
}

/** A group mapping as the form shows it. */
interface RuleRow {
  readonly groupDn: string;
  readonly roleIds: readonly string[];
  readonly isNew: boolean;
}

/**
 * IAM settings → Directory (LDAP / Active Directory): the connection, the group → role mapping, "Test connection"
 * with what the mapping reads, and "Sync now", which opens the sync's batch. Plain forms that work without
 * JavaScript; with it, Conform checks the contract's schema as fields are left.
 */
export function DirectorySettings({ view, roles, answer }: DirectorySettingsProps) {
  const busy = useNavigation().state === 'submitting';
  const result = answer?.result;
  const [form] = useForm({
    lastResult: result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(withoutUnusedRules(formData), { schema: DirectoryFormSchema }),
  });
  // What was typed when the action answered (a refusal or a test), else what is saved.
  const typed = result?.initialValue ?? null;
  const connection = view.connection;
  const text = (name: string): string => {
    const found = at(typed ?? connection, name);
    return typeof found === 'string' ? found : '';
  };
  const errors = form.allErrors;
  const error = (name: string) => errors[name]?.[0];
  const enabled = typed ? at(typed, 'enabled') === 'on' : connection.enabled;
  const typedRules = typed ? at(typed, 'groups.rules') : undefined;
  const rules: RuleRow[] = [
    ...(typed
      ? (Array.isArray(typedRules) ? typedRules : []).map((_, i) => {
          const ids = at(typed, ruleField(i, 'roleIds'));
          return { groupDn: text(ruleField(i, 'groupDn')), roleIds: Array.isArray(ids) ? ids.map(String) : typeof ids === 'string' ? [ids] : [], isNew: false };
        })
      : connection.groups.rules.map((r) => ({ groupDn: r.groupDn, roleIds: r.roleIds, isNew: false }))),
    { groupDn: '', roleIds: [], isNew: true },
  ];
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
      {/* Drawn afresh once saved (a new `updatedAt`): the typed password leaves the page and the saved mappings show. */}
      <Form key={view.updatedAt ?? 'unsaved'} method="post" aria-label="Directory connection" {...getFormProps(form)}>
        <section className="cas-panel" aria-labelledby="directory-connection-title">
          <h2 id="directory-connection-title" className="cas-panel-title">Connection</h2>
          <Checkbox name="enabled" value="on" defaultSelected={enabled}>
            Directory sign-in and sync are on
          </Checkbox>
          <TextField label="Directory address" name="url" isRequired defaultValue={text('url')} error={error('url')} description="ldaps://ad.example.edu or ldap://ldap.example.edu:389" />
          <Select label="Transport security" name="tls" options={TLS_OPTIONS} defaultValue={text('tls')} error={error('tls')} isRequired />
          <FormField
            label="CA certificate"
            error={error('caCertificate')}
            description="PEM. The directory's certificate is always checked, and must name the address's host: against this CA, else the system's."
          >
            {(p) => <textarea {...p} name="caCertificate" rows={4} defaultValue={text('caCertificate')} className="cas-input" spellCheck={false} />}
          </FormField>
          <TextField label="Bind DN" name="bindDn" isRequired defaultValue={text('bindDn')} error={error('bindDn')} description="A read-only service account, e.g. cn=campus-reader,dc=example,dc=edu" />
          <PasswordField
            label="Bind password"
            name="bindPassword"
            autoComplete="new-password"
            error={error('bindPassword')}
            description={view.hasBindPassword ? 'A password is saved (sealed). Leave empty to keep it.' : 'Stored sealed; never shown again.'}
          />
          <TextField label="Base DN" name="baseDn" isRequired defaultValue={text('baseDn')} error={error('baseDn')} description="Where people are searched, e.g. ou=people,dc=example,dc=edu" />
          <TextField label="User filter" name="userFilter" isRequired defaultValue={text('userFilter')} error={error('userFilter')} description="Which entries are people who may sign in, e.g. (objectClass=inetOrgPerson)" />
        </section>
        <section className="cas-panel" aria-labelledby="directory-mapping-title">
          <h2 id="directory-mapping-title" className="cas-panel-title">Attribute mapping</h2>
          {MAPPING.map((m) => (
            <TextField
              key={m.name}
              label={m.label}
              name={`mapping.${m.name}`}
              isRequired={m.name !== 'type'}
              defaultValue={text(`mapping.${m.name}`)}
              error={error(`mapping.${m.name}`)}
              description={m.description}
            />
          ))}
        </section>
        <section className="cas-panel" aria-labelledby="directory-groups-title">
          <h2 id="directory-groups-title" className="cas-panel-title">Group → role mapping</h2>
          <p>
            Members of a directory group hold the roles mapped to it; they are set at every sign-in and sync. Roles granted
            by hand on the account stay: the directory only takes away roles it granted.
          </p>
          <Select label="Read groups from" name="groups.source" options={GROUP_SOURCE_OPTIONS} defaultValue={text('groups.source') || 'none'} error={error('groups.source')} />
          <div className="cas-directory-search">
            <TextField label="Group base DN" name="groups.baseDn" defaultValue={text('groups.baseDn')} error={error('groups.baseDn')} description="For a group search: where the groups are; empty for the base DN." />
            <TextField label="Group filter" name="groups.filter" defaultValue={text('groups.filter')} error={error('groups.filter')} description="For a group search, e.g. (objectClass=groupOfNames)" />
            <TextField label="Member attribute" name="groups.memberAttribute" defaultValue={text('groups.memberAttribute')} error={error('groups.memberAttribute')} description="For a group search: member (groupOfNames, Active Directory) or uniqueMember." />
          </div>
          {rules.map((rule, i) => (
            <fieldset key={`${i}:${rule.groupDn}`} className="cas-directory-rule">
              <legend>{rule.isNew ? 'Add a group mapping' : `Group mapping ${i + 1}`}</legend>
              <TextField
                label="Group DN"
                name={ruleField(i, 'groupDn')}
                defaultValue={rule.groupDn}
                error={error(ruleField(i, 'groupDn'))}
                description={rule.isNew ? 'e.g. cn=registrar-staff,ou=groups,dc=example,dc=edu; leave empty to add none.' : undefined}
              />
              <div role="group" aria-labelledby={`directory-rule-${i}-roles`} aria-describedby={error(ruleField(i, 'roleIds')) ? `directory-rule-${i}-roles-error` : undefined} className="cas-field">
                <span id={`directory-rule-${i}-roles`} className="cas-field__label">
                  Roles granted
                </span>
                <div className="cas-directory-roles">
                  {roles.length === 0 ? <span className="cas-field__description">No roles yet.</span> : null}
                  {roles.map((role) => (
                    <Checkbox key={role.value} name={ruleField(i, 'roleIds')} value={role.value} defaultSelected={rule.roleIds.includes(role.value)}>
                      {role.label}
                    </Checkbox>
                  ))}
                </div>
                {error(ruleField(i, 'roleIds')) ? (
                  <span className="cas-field__error" id={`directory-rule-${i}-roles-error`}>
                    {error(ruleField(i, 'roleIds'))}
                  </span>
                ) : null}
              </div>
              {rule.isNew ? null : (
                <Checkbox name={ruleField(i, 'remove')} value="on">
                  Remove this mapping
                </Checkbox>
              )}
            </fieldset>
          ))}
        </section>
        {answer?.intent === 'test' && answer.sample?.length ? (
          <section className="cas-panel" aria-labelledby="directory-sample-title">
            <h2 id="directory-sample-title" className="cas-panel-title">Entries as the mapping reads them</h2>
            <KeyValueList
              aria-label="Entries read"
              items={answer.sample.map((p) => ({
                label: p.email,
                value: `${p.firstName} ${p.lastName}${p.type ? ` · ${p.type}` : ''}${p.roles.length ? ` · roles: ${p.roles.join(', ')}` : ''}`,
              }))}
            />
          </section>
        ) : null}
        <div className="cas-directory-actions">
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
