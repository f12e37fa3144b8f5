import { useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DB_DEFAULT_PORTS, DB_KIND_LABELS, DB_KINDS, PREVIEW_ROWS } from '@campus/domain-migration';
import type { SourcePreview } from '@campus/api-contract';
import { Button, RowTable, Select } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { when } from '../batch-management/parts';
import type { FormRefusal } from '../../lib/answers.server';
import type { loadDatabases, loadDbConnector, Previewed, Tested } from './connectors.server';
import { targetTitle } from './Migration';
import { DATABASES, DB_CONNECTOR, MIGRATIONS } from './paths';
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

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="cas-field-error">
      {message}
    </span>
  ) : null;
}

/** A labelled text input with its field error. */
export function Field(props: { name: string; label: string; value: string; error: string | undefined; type?: string; required?: boolean; autoComplete?: string; hint?: string }) {
  const errorId = `${props.name}-error`;
  return (
    <div className="cas-migration-field">
      <label htmlFor={`connection-${props.name}`}>{props.label}</label>
      <input
        id={`connection-${props.name}`}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        required={props.required}
        autoComplete={props.autoComplete ?? 'off'}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.hint ? <small>{props.hint}</small> : null}
      <FieldError id={errorId} message={props.error} />
    </div>
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
      {connections.length ? (
        <table className="cas-table">
          <caption className="cas-visually-hidden">Saved connections</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Server</th>
              <th scope="col">Database</th>
              <th scope="col">User</th>
              <th scope="col">Password</th>
              <th scope="col">TLS</th>
              <th scope="col">Incremental cursors</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {connections.map((c) => (
              <tr key={c._id}>
                <th scope="row">{c.name}</th>
                <td>{DB_KIND_LABELS[c.kind]}</td>
                <td>
                  {c.host}:{c.port}
                </td>
                <td>{c.database}</td>
                <td>{c.username}</td>
                <td>{c.hasPassword ? 'Stored' : 'None'}</td>
                <td>{c.tls ? 'On' : 'Off'}</td>
                <td>
                  {c.cursors.length
                    ? c.cursors.map((k) => (
                        <div key={`${k.source}|${k.cursorColumn}`}>
                          {k.source.startsWith('query:') ? 'SELECT' : k.source}: {k.cursorColumn} up to {k.lastValue} ({when(k.updatedAt)})
                        </div>
                      ))
                    : '—'}
                </td>
                <td className="cas-migration-links">
                  <Form method="post" className="cas-migration-inline">
                    <input type="hidden" name="id" value={c._id} />
                    <button type="submit" name="intent" value="test" className="cas-button" aria-label={`Test connection ${c.name}`}>
                      Test connection
                    </button>
                  </Form>{' '}
                  <Link to={`${DATABASES}?edit=${c._id}`} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Link>{' '}
                  <Link to={`${DB_CONNECTOR}?connection=${c._id}`} aria-label={`Read from ${c.name}`}>
                    Read
                  </Link>{' '}
                  <Form method="post" className="cas-migration-inline">
                    <input type="hidden" name="id" value={c._id} />
                    <button type="submit" name="intent" value="delete" className="cas-button" aria-label={`Delete ${c.name}`}>
                      Delete
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No connection yet.</p>
      )}
      <h2 id="connection-form-title">{editId ? `Edit ${v.name || 'connection'}` : 'New connection'}</h2>
      <FormNotice notice={problem?.notice} />
      <Form method="post" className="cas-migration-connection" aria-labelledby="connection-form-title" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={editId} />
        <Field name="name" label="Name" value={v.name ?? ''} error={errors.name} required />
        <div className="cas-migration-field">
          <label htmlFor="connection-kind">Type</label>
          <select id="connection-kind" name="kind" defaultValue={v.kind} aria-invalid={errors.kind ? true : undefined} aria-describedby={errors.kind ? 'kind-error' : undefined}>
            {DB_KINDS.map((k) => (
              <option key={k} value={k}>
                {DB_KIND_LABELS[k]}
              </option>
            ))}
          </select>
          <FieldError id="kind-error" message={errors.kind} />
        </div>
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
        <div className="cas-migration-field">
          <label>
            <input type="checkbox" name="tls" defaultChecked={v.tls === 'on'} /> Use TLS
          </label>
        </div>
        <div className="cas-migration-field">
          <label htmlFor="connection-tlsCa">CA certificate (optional)</label>
          <textarea
            id="connection-tlsCa"
            name="tlsCa"
            rows={4}
            defaultValue={v.tlsCa ?? ''}
            spellCheck={false}
            aria-invalid={errors.tlsCa ? true : undefined}
            aria-describedby={errors.tlsCa ? 'tlsCa-error' : undefined}
          />
          <small>PEM; for a server whose certificate a private authority signed. Used only with TLS.</small>
          <FieldError id="tlsCa-error" message={errors.tlsCa} />
        </div>
        <div className="cas-migration-actions">
          <button type="submit" className="cas-button cas-button--primary" disabled={navigation.state === 'submitting'}>
            Save
          </button>
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
            <div className="cas-migration-field">
              <label htmlFor="connector-query">Read-only SELECT</label>
              <textarea id="connector-query" name="query" rows={5} defaultValue={v.query} aria-invalid={errors.query ? true : undefined} aria-describedby={errors.query ? 'query-error' : undefined} />
              <small>Runs in a read-only transaction with a time limit; anything but one SELECT is refused.</small>
              <FieldError id="query-error" message={errors.query} />
            </div>
            <div className="cas-migration-field">
              <label htmlFor="connector-cursor">Cursor column (optional)</label>
              <input id="connector-cursor" name="cursorColumn" defaultValue={v.cursorColumn} aria-invalid={errors.cursorColumn ? true : undefined} aria-describedby={errors.cursorColumn ? 'cursor-error' : undefined} />
              <small>For example updated_at or id: rows are read in its order and the highest value is remembered.</small>
              <FieldError id="cursor-error" message={errors.cursorColumn} />
            </div>
            <div className="cas-migration-field">
              <label>
                <input type="checkbox" name="incremental" defaultChecked={v.incremental === 'on'} /> Only rows newer than the last read
              </label>
            </div>
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
          ? `Reads ${props.reads} on "${schedule.cron}" (${schedule.timeZone}); next: ${schedule.nextRuns[0] ? new Date(schedule.nextRuns[0]).toLocaleString('en-US', { timeZone: schedule.timeZone }) : '—'}. Each read leaves a run to check and start.`
          : `Not scheduled. A scheduled read uses ${props.uses} and leaves a run to check and start.`}
      </p>
      <div className="cas-migration-field">
        <label htmlFor="connector-cron">Cron</label>
        <input id="connector-cron" name="cron" defaultValue={props.values.cron} placeholder="0 2 * * *" aria-invalid={errors.cron ? true : undefined} aria-describedby={errors.cron ? 'cron-error' : 'cron-hint'} />
        <small id="cron-hint">Minute, hour, day of month, month, day of week: 0 2 * * * is every day at 02:00.</small>
        <FieldError id="cron-error" message={errors.cron} />
      </div>
      <div className="cas-migration-field">
        <label htmlFor="connector-time-zone">Time zone</label>
        <input id="connector-time-zone" name="timeZone" defaultValue={props.values.timeZone} aria-invalid={errors.timeZone ? true : undefined} aria-describedby={errors.timeZone ? 'time-zone-error' : undefined} />
        <FieldError id="time-zone-error" message={errors.timeZone} />
      </div>
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
