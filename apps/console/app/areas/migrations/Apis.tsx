import { useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { API_AUTH_KINDS, API_AUTH_LABELS, API_PAGINATION_LABELS, API_PAGINATIONS, API_SOURCE_DEFAULTS, API_SOURCE_FIELDS, PREVIEW_ROWS } from '@campus/domain-migration';
import { Button, Checkbox, Select } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { when } from '../batch-management/parts';
import { Field, firstErrors, PreviewTable, ReadButtons, ScheduledRead, TargetChoice, typedIn, type ConnectorAnswer, type SourcesAnswer } from './Connectors';
import type { loadApiConnector, loadApis } from './apis.server';
import { API_CONNECTOR, APIS, MIGRATIONS } from './paths';
import { SavedSources } from './SavedSources';
import './migration.css';

/** A labelled select of coded values with its hint and field error. */
function Choice<T extends string>(props: { name: string; label: string; value: string; options: readonly T[]; labels: Record<T, string>; error: string | undefined; hint?: string }) {
  return (
    <Select
      id={`connection-${props.name}`}
      label={props.label}
      name={props.name}
      defaultValue={props.value}
      description={props.hint}
      error={props.error}
      options={props.options.map((o) => ({ value: o, label: props.labels[o] }))}
    />
  );
}

/** Saved REST sources: add, change, test, delete. The secret is never shown. */
export function Apis() {
  const { sources, editing } = useLoaderData<Awaited<ReturnType<typeof loadApis>>>();
  const answer = useActionData<SourcesAnswer>();
  const navigation = useNavigation();
  const refused = answer && 'result' in answer ? answer : undefined;
  const typed = typedIn(refused?.result);
  // A refused save comes back in its form; a refused test or delete is said above the list.
  const problem = typed?.('intent') === 'save' ? refused : undefined;
  const [form] = useForm({ lastResult: problem?.result });
  const errors = firstErrors(form.allErrors);
  const text = problem ? typed : null;
  const v: Record<string, string> = text
    ? Object.fromEntries(['id', ...API_SOURCE_FIELDS].map((f) => [f, text(f)]))
    : {
        id: editing?._id ?? '',
        ...Object.fromEntries(API_SOURCE_FIELDS.map((f) => [f, String(editing?.[f] ?? (f in API_SOURCE_DEFAULTS ? API_SOURCE_DEFAULTS[f as keyof typeof API_SOURCE_DEFAULTS] : ''))])),
      };
  const editId = v.id || '';
  const tested = answer && 'test' in answer ? answer : undefined;
  const field = (name: string, label: string, hint?: string, type?: string) => <Field name={name} label={label} value={v[name] ?? ''} error={errors[name]} hint={hint} type={type} />;
  return (
    <section aria-labelledby="apis-title" className="cas-migration">
      <h1 id="apis-title" className="cas-page-title">
        APIs
      </h1>
      <p>
        Saved REST sources of the old systems: where to read, how to sign in, how the rows are paged. Read them with the <Link to={API_CONNECTOR}>API Connector</Link>. A
        source reaches only the hosts an IAM administrator lists under <Link to="/app/settings">Settings</Link>.
      </p>
      {refused && !problem ? <FormNotice notice={refused.notice} /> : null}
      {tested ? (
        <p role="status" className={tested.test.ok ? 'cas-migration-ok' : 'cas-migration-warning'}>
          {tested.test.message}
        </p>
      ) : null}
      <SavedSources
        caption="Saved API sources"
        rows={sources}
        testLabel="Test source"
        editHref={(s) => `${APIS}?edit=${s._id}`}
        readHref={(s) => `${API_CONNECTOR}?source=${s._id}`}
        emptyMessage="No API source yet."
        columns={[
          { key: 'address', header: 'Address', cell: (s) => <span className="cas-migration-address">{s.baseUrl}</span> },
          { key: 'auth', header: 'Authentication', cell: (s) => (s.authKind === 'header' ? `${API_AUTH_LABELS.header}: ${s.authHeader}` : API_AUTH_LABELS[s.authKind]) },
          { key: 'secret', header: 'Secret', cell: (s) => (s.hasSecret ? 'Stored' : 'None') },
          {
            key: 'paging',
            header: 'Paging',
            cell: (s) =>
              `${API_PAGINATION_LABELS[s.pagination]}${s.pagination === 'page' || s.pagination === 'offset' || s.pagination === 'cursor' ? ` (${s.pageParam}${s.sizeParam ? `, ${s.sizeParam}=${s.pageSize}` : ''})` : ''}`,
          },
          { key: 'rows', header: 'Rows at', cell: (s) => s.rowsPath || 'the answer' },
          {
            key: 'cursor',
            header: 'Incremental cursor',
            cell: (s) => (s.cursorField ? (s.lastCursor !== null ? `${s.cursorField} up to ${s.lastCursor} (${when(s.cursorUpdatedAt)})` : `${s.cursorField}, not read yet`) : '—'),
          },
        ]}
      />
      <h2 id="source-form-title">{editId ? `Edit ${v.name || 'API source'}` : 'New API source'}</h2>
      <FormNotice notice={problem?.notice} />
      <Form method="post" className="cas-migration-connection" aria-labelledby="source-form-title" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={editId} />
        <Field name="name" label="Name" value={v.name ?? ''} error={errors.name} required />
        <Field name="baseUrl" label="Address" value={v.baseUrl ?? ''} error={errors.baseUrl} required type="url" hint="The rows' address, such as https://sis.example.edu/api/students?status=active." />
        <fieldset className="cas-migration-schedule">
          <legend>Authentication</legend>
          <Choice name="authKind" label="Sign in with" value={v.authKind ?? 'none'} options={API_AUTH_KINDS} labels={API_AUTH_LABELS} error={errors.authKind} />
          {field('authHeader', 'Header name', 'For Header: the header that carries the secret, such as X-Api-Key.')}
          <Field
            name="secret"
            label="Secret"
            type="password"
            value=""
            error={errors.secret}
            autoComplete="new-password"
            hint={editId ? 'Leave blank to keep the stored secret.' : 'The token or key; stored encrypted, never shown again.'}
          />
        </fieldset>
        <fieldset className="cas-migration-schedule">
          <legend>Rows and pages</legend>
          {field('rowsPath', 'Rows at', 'Where the list of rows is in each answer, such as data or result.items; empty when the answer is the list.')}
          <Choice
            name="pagination"
            label="Paging"
            value={v.pagination ?? 'none'}
            options={API_PAGINATIONS}
            labels={API_PAGINATION_LABELS}
            error={errors.pagination}
            hint="Page numbers start at 1 and offsets at 0; reading stops at an empty page, or a short one when the page size is sent."
          />
          {field('pageParam', 'Page, offset or cursor parameter', 'The query parameter that asks for the next page, such as page, offset or cursor.')}
          {field('sizeParam', 'Page size parameter', 'Optional, such as limit or per_page.')}
          {field('pageSize', 'Page size', 'Rows a page asks for, 1 to 1000.', 'number')}
          {field('nextPath', 'Next cursor at', 'For a cursor: where each answer names the next one, such as meta.next_cursor.')}
        </fieldset>
        <fieldset className="cas-migration-schedule">
          <legend>Incremental reads</legend>
          {field('cursorField', 'Cursor field', 'A field of the rows that grows, such as updated_at or id: the highest value read is remembered.')}
          {field('sinceParam', 'Since parameter', 'Optional: the query parameter that sends the remembered value, such as updated_since.')}
        </fieldset>
        <div className="cas-migration-actions">
          <Button type="submit" isDisabled={navigation.state === 'submitting'}>
            Save
          </Button>
          {editId ? <Link to={APIS}>Cancel</Link> : null}
        </div>
      </Form>
      <p>
        <Link to={MIGRATIONS}>Data Migration Management</Link>
      </p>
    </section>
  );
}

/** Read every page of a saved API source into a run, all rows or only those past the remembered cursor. */
export function ApiConnector() {
  const { sources, source, schedule, targets } = useLoaderData<Awaited<ReturnType<typeof loadApiConnector>>>();
  const answer = useActionData<ConnectorAnswer>();
  const navigation = useNavigation();
  const [form] = useForm({ lastResult: answer?.result });
  const text = typedIn(answer?.result);
  const v = text
    ? { resource: text('resource'), incremental: text('incremental') === 'on' ? 'on' : '', cron: text('cron'), timeZone: text('timeZone') }
    : (schedule
      ? { resource: schedule.resource, incremental: schedule.incremental ? 'on' : '', cron: schedule.cron, timeZone: schedule.timeZone }
      : { resource: '', incremental: source?.lastCursor ? 'on' : '', cron: '', timeZone: 'Asia/Manila' });
  const errors = firstErrors(form.allErrors);
  return (
    <section aria-labelledby="api-connector-title" className="cas-migration">
      <h1 id="api-connector-title" className="cas-page-title">
        API Connector
      </h1>
      {sources.length ? null : (
        <p>
          No API source yet: add one under <Link to={APIS}>APIs</Link>.
        </p>
      )}
      <Form method="get" className="cas-migration-filters" aria-label="Choose an API source">
        <Select
          label="API source"
          id="connector-source"
          name="source"
          placeholder="Choose an API source"
          options={sources.map((s) => ({ value: s._id, label: s.name }))}
          defaultValue={source?._id ?? ''}
        />
        <Button type="submit" variant="secondary">
          Choose
        </Button>
      </Form>
      {source ? (
        <>
          <p className="cas-migration-address">
            {source.baseUrl} · {API_PAGINATION_LABELS[source.pagination]} · rows at {source.rowsPath || 'the answer'}
            {source.cursorField ? ` · cursor ${source.cursorField}${source.lastCursor !== null ? ` up to ${source.lastCursor}` : ', not read yet'}` : ''}
          </p>
          <FormNotice notice={answer && 'notice' in answer ? answer.notice : undefined} />
          <Form method="post" className="cas-migration-connection" aria-label="What to read">
            <input type="hidden" name="source" value={source._id} />
            <Checkbox name="incremental" defaultSelected={v.incremental === 'on'} isDisabled={!source.cursorField} aria-describedby="incremental-hint">
              Only rows newer than the last read
            </Checkbox>
            <p id="incremental-hint" className="cas-migration-hint">
              {source.cursorField ? `Rows whose ${source.cursorField} is above the remembered value.` : 'Give the source a cursor field under APIs to read only new rows.'}
            </p>
            {errors.incremental ? <p className="cas-field__error">{errors.incremental}</p> : null}
            <TargetChoice targets={targets} value={v.resource} error={errors.resource} />
            <ReadButtons busy={navigation.state === 'submitting'} />
            <ScheduledRead
              schedule={schedule}
              reads={source.name}
              uses="the template above, and only new rows when that is ticked"
              values={v}
              errors={errors}
              busy={navigation.state === 'submitting'}
            />
          </Form>
          {answer && 'preview' in answer ? <PreviewTable preview={answer.preview} caption={`Preview (at most ${PREVIEW_ROWS} rows of the first page)`} /> : null}
        </>
      ) : null}
    </section>
  );
}
