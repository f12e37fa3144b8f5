import { useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DB_DEFAULT_PORTS, DB_KIND_LABELS, DB_KINDS, PREVIEW_ROWS } from '@campus/domain-migration';
import type { SourcePreview } from '@campus/api-contract';
import { Button, Checkbox, FormField, RowTable, Select } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { when } from '../batch-management/parts';
import type { FormRefusal } from '../../lib/answers.server';
import type { loadDatabases, loadDbConnector, Previewed, Tested } from './connectors.server';
import { targetTitle } from './Migration';
import { DATABASES, DB_CONNECTOR, MIGRATIONS } from './paths';
import { SavedSources } from './SavedSources';
import './migration.css';

/** What an action answers a screen of saved sources: a refused form, or a source tested. */
export type SourcesAnswer = FormRefusal | Tested;

/** What a connector's action answers: a refused form, or the source's first rows. */
export type ConnectorAnswer = FormRefusal | Previewed;

/**
 * The form as a refused or answered submission typed it (Conform's reply), or null: each field's text (`''` when
 * blank), and `'on'` for a ticked box.
 */
export function typedIn(result: FormRefusal['result'] | undefined): ((name: string) => string) | null {
  const typed = result?.initialValue;
  if (!typed) return null;
  return (name) => {
    const value = (typed as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  };
}

/** Each field's first problem in a Conform form's errors, by field name. */
export function firstErrors(all: Record<string, string[]>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(all).map(([name, messages]) => [name, messages[0]]));
}

/** A labelled text input with its hint and field error (the input's id is `connection-<name>`). */
export function Field(props: { name: string; label: string; value: string; error: string | undefined; type?: string; required?: boolean; autoComplete?: string; hint?: string }) {
  return (
    <FormField id={`connection-${props.name}`} label={props.label} description={props.hint} error={props.error} isRequired={props.required}>
      {(control) => (
        <input
          {...control}
          className="cas-input"
          name={props.name}
          type={props.type ?? 'text'}
          defaultValue={props.value}
          required={props.required}
          autoComplete={props.autoComplete ?? 'off'}
        />
      )}
    </FormField>
  );
}

/** A labelled multi-line input with its hint and field error (the id is `connection-<name>`). */
export function TextAreaField(props: { name: string; label: string; value: string; error: string | undefined; hint?: string; rows?: number }) {
  return (
    <FormField id={`connection-${props.name}`} label={props.label} description={props.hint} error={props.error}>
      {(control) => <textarea {...control} className="cas-input" name={props.name} rows={props.rows ?? 4} defaultValue={props.value} spellCheck={false} />}
    </FormField>
  );
}

/** Saved connections to PostgreSQL, MySQL and MariaDB: add, change, test, delete. The password is never shown. */
export function Databases() {
  const { connections, editing } = useLoaderData<Awaited<ReturnType<typeof loadDatabases>>>();
  const answer = useActionData<SourcesAnswer>();
  const navigation = useNavigation();
  const refused = answer && 'result' in answer ? answer : undefined;
  const typed = typedIn(refused?.result);
  // A refused save comes back in its form; a refused test or delete is said above the list.
  const problem = typed?.('intent') === 'save' ? refused : undefined;
  const [form] = useForm({ lastResult: problem?.result });
  const errors = firstErrors(form.allErrors);
  const text = problem ? typed : null;
  const v = text
    ? {
        id: text('id'),
        name: text('name'),
        kind: text('kind'),
        host: text('host'),
        port: text('port'),
        database: text('database'),
        username: text('username'),
        tls: text('tls') === 'on' ? 'on' : '',
        tlsCa: text('tlsCa'),
      }
    : {
    id: editing?._id ?? '',
    name: editing?.name ?? '',
    kind: editing?.kind ?? 'postgresql',
    host: editing?.host ?? '',
    port: String(editing?.port ?? DB_DEFAULT_PORTS.postgresql),
    database: editing?.database ?? '',
    username: editing?.username ?? '',
    tls: editing?.tls ? 'on' : '',
    tlsCa: editing?.tlsCa ?? '',
  };
  const editId = v.id || '';
  const tested = answer && 'test' in answer ? answer : undefined;
  return (
    <section aria-labelledby="databases-title" className="cas-migration">
      <h1 id="databases-title" className="cas-page-title">
        Databases
      </h1>
      <p>
        Saved connections to the old systems' databases (PostgreSQL, MySQL, MariaDB). Read them with the <Link to={DB_CONNECTOR}>Database Connector</Link>. A
        connection reaches only the hosts an IAM administrator lists under <Link to="/app/settings">Settings</Link>; give it a database user that can only read.
      </p>
      {refused && !problem ? <FormNotice notice={refused.notice} /> : null}
      {tested ? (
        <p role="status" className={tested.test.ok ? 'cas-migration-ok' : 'cas-migration-warning'}>
          {tested.test.message}
        </p>
      ) : null}
      <SavedSources
        caption="Saved connections"
        rows={connections}
        testLabel="Test connection"
        editHref={(c) => `${DATABASES}?edit=${c._id}`}
        readHref={(c) => `${DB_CONNECTOR}?connection=${c._id}`}
        emptyMessage="No connection yet."
        columns={[
          { key: 'kind', header: 'Type', cell: (c) => DB_KIND_LABELS[c.kind] },
          { key: 'server', header: 'Server', cell: (c) => <span className="cas-migration-address">{`${c.host}:${c.port}`}</span> },
          { key: 'database', header: 'Database', cell: (c) => c.database },
          { key: 'user', header: 'User', cell: (c) => c.username },
          { key: 'password', header: 'Password', cell: (c) => (c.hasPassword ? 'Stored' : 'None') },
          { key: 'tls', header: 'TLS', cell: (c) => (c.tls ? 'On' : 'Off') },
          {
            key: 'cursors',
            header: 'Incremental cursors',
            cell: (c) =>
              c.cursors.length
                ? c.cursors.map((k) => (
                    <div key={`${k.source}|${k.cursorColumn}`}>
                      {k.source.startsWith('query:') ? 'SELECT' : k.source}: {k.cursorColumn} up to {k.lastValue} ({when(k.updatedAt)})
                    </div>
                  ))
                : '—',
          },
        ]}
      />
      <h2 id="connection-form-title">{editId ? `Edit ${v.name || 'connection'}` : 'New connection'}</h2>
      <FormNotice notice={problem?.notice} />
      <Form method="post" className="cas-migration-connection" aria-labelledby="connection-form-title" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={editId} />
        <Field name="name" label="Name" value={v.name ?? ''} error={errors.name} required />
        <Select id="connection-kind" label="Type" name="kind" defaultValue={v.kind} error={errors.kind} options={DB_KINDS.map((k) => ({ value: k, label: DB_KIND_LABELS[k] }))} />
        <Field name="host" label="Host" value={v.host ?? ''} error={errors.host} required />
        <Field name="port" label="Port" type="number" value={v.port ?? ''} error={errors.port} required hint="PostgreSQL 5432, MySQL and MariaDB 3306." />
        <Field name="database" label="Database" value={v.database ?? ''} error={errors.database} required />
        <Field name="username" label="User" value={v.username ?? ''} error={errors.username} required />
        <Field
          name="password"
          label="Password"
          type="password"
          value=""
          error={errors.password}
          autoComplete="new-password"
          hint={editId ? 'Leave blank to keep the stored password.' : 'Stored encrypted; never shown again.'}
        />
        <Checkbox name="tls" defaultSelected={v.tls === 'on'}>
          Use TLS
        </Checkbox>
        <TextAreaField
          name="tlsCa"
          label="CA certificate (optional)"
          value={v.tlsCa ?? ''}
          error={errors.tlsCa}
          hint="PEM; for a server whose certificate a private authority signed. Used only with TLS."
        />
        <div className="cas-migration-actions">
          <Button type="submit" isDisabled={navigation.state === 'submitting'}>
            Save
          </Button>
          {editId ? <Link to={DATABASES}>Cancel</Link> : null}
        </div>
      </Form>
      <p>
        <Link to={MIGRATIONS}>Data Migration Management</Link>
      </p>
    </section>
  );
}

/** Read a table or a read-only SELECT from a saved connection into a run, all rows or only those past the cursor. */
export function DbConnector() {
  const { connections, connection, schedule, tables, tablesProblem, targets } = useLoaderData<Awaited<ReturnType<typeof loadDbConnector>>>();
  const answer = useActionData<ConnectorAnswer>();
  const navigation = useNavigation();
  const [form] = useForm({ lastResult: answer?.result });
  const text = typedIn(answer?.result);
  const v = text
    ? {
        table: text('table'),
        query: text('query'),
        cursorColumn: text('cursorColumn'),
        resource: text('resource'),
        incremental: text('incremental') === 'on' ? 'on' : '',
        cron: text('cron'),
        timeZone: text('timeZone'),
      }
    : (schedule
      ? { table: schedule.table, query: schedule.query, cursorColumn: schedule.cursorColumn, resource: schedule.resource, incremental: schedule.incremental ? 'on' : '', cron: schedule.cron, timeZone: schedule.timeZone }
      : { table: '', query: '', cursorColumn: '', resource: '', incremental: '', cron: '', timeZone: 'Asia/Manila' });
  const errors = firstErrors(form.allErrors);
  return (
    <section aria-labelledby="db-connector-title" className="cas-migration">
      <h1 id="db-connector-title" className="cas-page-title">
        Database Connector
      </h1>
      {connections.length ? null : (
        <p>
          No connection yet: add one under <Link to={DATABASES}>Databases</Link>.
        </p>
      )}
      <Form method="get" className="cas-migration-filters" aria-label="Choose a connection">
        <Select
          label="Connection"
          id="connector-connection"
          name="connection"
          placeholder="Choose a connection"
          options={connections.map((c) => ({ value: c._id, label: c.name }))}
          defaultValue={connection?._id ?? ''}
        />
        <Button type="submit" variant="secondary">
          Show tables
        </Button>
      </Form>
      {connection ? (
        <>
          <p>
            {DB_KIND_LABELS[connection.kind]} · {connection.host}:{connection.port} · {connection.database}
          </p>
          {tablesProblem ? <p className="cas-migration-warning">{tablesProblem}</p> : null}
          <FormNotice notice={answer && 'notice' in answer ? answer.notice : undefined} />
          <Form method="post" className="cas-migration-connection" aria-label="What to read">
            <input type="hidden" name="connection" value={connection._id} />
            <Select
              label="Table"
              id="connector-table"
              name="table"
              placeholder="— or write a SELECT below —"
              options={tables.map((t) => ({ value: t, label: t }))}
              defaultValue={v.table}
              error={errors.table}
            />
            <TextAreaField
              name="query"
              label="Read-only SELECT"
              rows={5}
              value={v.query}
              error={errors.query}
              hint="Runs in a read-only transaction with a time limit; anything but one SELECT is refused."
            />
            <Field
              name="cursorColumn"
              label="Cursor column (optional)"
              value={v.cursorColumn}
              error={errors.cursorColumn}
              hint="For example updated_at or id: rows are read in its order and the highest value is remembered."
            />
            <Checkbox name="incremental" defaultSelected={v.incremental === 'on'}>
              Only rows newer than the last read
            </Checkbox>
            <TargetChoice targets={targets} value={v.resource} error={errors.resource} />
            <ReadButtons busy={navigation.state === 'submitting'} />
            <ScheduledRead
              schedule={schedule}
              reads={schedule ? schedule.table || 'the SELECT' : ''}
              uses="the source, cursor and template above"
              values={v}
              errors={errors}
              busy={navigation.state === 'submitting'}
            />
          </Form>
          {answer && 'preview' in answer ? <PreviewTable preview={answer.preview} caption={`Preview (at most ${PREVIEW_ROWS} rows)`} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** The first rows of a source as read, under its headers. */
export function PreviewTable({ preview, caption }: { preview: SourcePreview; caption: string }) {
  return (
    <RowTable
      caption={caption}
      phoneLayout="scroll"
      rows={preview.rows}
      rowKey={(_, i) => String(i)}
      columns={preview.headers.map((h, j) => ({ key: `${j}-${h}`, header: h, noWrap: true, cell: (r: (typeof preview.rows)[number]) => r[j] }))}
      emptyMessage="No rows."
    />
  );
}

/**
 * The scheduled read of a source, inside its read form: what it reads and when next, its cron and time zone, and
 * the buttons to schedule, change or cancel it (intents `schedule` and `cancel-schedule`).
 */
export function ScheduledRead(props: {
  schedule: { cron: string; timeZone: string; nextRuns: string[] } | null;
  /** What the schedule reads, as the sentence names it. */
  reads: string;
  /** What a new schedule takes from the form, as the sentence names it. */
  uses: string;
  values: { cron?: string; timeZone?: string };
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const { schedule, errors } = props;
  return (
    <fieldset className="cas-migration-schedule" aria-describedby="schedule-state">
      <legend>Scheduled read</legend>
      <p id="schedule-state">
        {schedule
          ? `Reads ${props.reads} on "${schedule.cron}" (${schedule.timeZone}); next: ${when(schedule.nextRuns[0] ?? null, schedule.timeZone)}. Each read leaves a run to check and start.`
          : `Not scheduled. A scheduled read uses ${props.uses} and leaves a run to check and start.`}
      </p>
      <Field name="cron" label="Cron" value={props.values.cron ?? ''} error={errors.cron} hint="Minute, hour, day of month, month, day of week: 0 2 * * * is every day at 02:00." />
      <Field name="timeZone" label="Time zone" value={props.values.timeZone ?? ''} error={errors.timeZone} />
      <div className="cas-migration-actions">
        <Button type="submit" name="intent" value="schedule" variant="secondary" isDisabled={props.busy}>
          {schedule ? 'Save schedule' : 'Schedule'}
        </Button>
        {schedule ? (
          <Button type="submit" name="intent" value="cancel-schedule" variant="ghost" isDisabled={props.busy}>
            Cancel schedule
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The template a connector's read goes into. */
export function TargetChoice(props: { targets: readonly { resource: string; name: string; label?: string }[]; value: string | undefined; error: string | undefined }) {
  return (
    <Select
      label="Import into"
      id="connector-resource"
      name="resource"
      placeholder="Choose a template"
      options={props.targets.map((t) => ({ value: t.resource, label: targetTitle(props.targets.map((x) => ({ name: x.name, label: x.label ?? x.name })), t.name) }))}
      defaultValue={props.value}
      error={props.error}
    />
  );
}

/** A connector's two actions: preview the first rows, or read the source into a run (intents `preview`, `read`). */
export function ReadButtons({ busy }: { busy: boolean }) {
  return (
    <div className="cas-migration-actions">
      <Button type="submit" name="intent" value="preview" variant="secondary" isDisabled={busy}>
        Preview
      </Button>
      <Button type="submit" name="intent" value="read" isDisabled={busy}>
        Read into a run
      </Button>
    </div>
  );
}
