import { useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DATE_FORMATS, RUN_MODE_LABELS, RUN_MODES, RUN_STATES, type RunState } from '@campus/domain-migration';
import type { MigrationRun } from '@campus/api-contract';
import { Button, FileDrop, ProgressBar, ProgressSteps, RowMenu, RowTable, Select, StatusPill, type RowTableColumn, type StatusTone } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { formatZonedTime } from '@campus/formatters';
import { figure, took, useLiveData } from '../batch-management/parts';
import type { loadHistories, loadIndex, loadTargets, loadUploader, uploaderAction } from './migration.server';
import { API_CONNECTOR, APIS, DATABASES, DB_CONNECTOR, HISTORIES, MIGRATIONS, UPLOADER } from './paths';
import './migration.css';

export const STATE_LABELS: Record<RunState, string> = {
  reading: 'Reading the source',
  uploaded: 'Uploaded',
  checking: 'Dry run under way',
  checked: 'Dry run done',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};
const STATE_TONES: Record<RunState, StatusTone> = {
  reading: 'info',
  uploaded: 'neutral',
  checking: 'info',
  checked: 'primary',
  running: 'info',
  completed: 'success',
  failed: 'danger',
};
/** A run's state as a pill. */
export function RunStatePill({ state }: { state: RunState }) {
  return <StatusPill tone={STATE_TONES[state]}>{STATE_LABELS[state]}</StatusPill>;
}
const MATCH_LABELS: Record<string, string> = { exact: 'exact name', loose: 'same name, other spelling', fuzzy: 'closest name', chosen: 'chosen' };

/**
 * A target as people name it: its template name in words, sentence case ("AcademicDepartments" → "Academic
 * departments"), abbreviations (HR, DTR) as written; a name no target has is shown as given.
 */
export function targetTitle(targets: readonly { name: string; label: string }[], name: string): string {
  const template = (targets.find((t) => t.name === name) ?? targets.find((t) => t.label === name))?.name ?? name;
  return template
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w, i) => (i === 0 || /[A-Z].*[A-Z]/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}
/** A refused form's problems by field (`mapping.<header>`, `resource`, `file`) and what was typed. */
function useRefused() {
  const refused = useActionData<typeof uploaderAction>();
  const [form] = useForm({ lastResult: refused?.result });
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  return { notice: refused?.notice, error: (name: string) => form.allErrors[name]?.[0], typed };
}
type RefusedForm = ReturnType<typeof useRefused>;

const busy = (run: MigrationRun) => run.state === 'reading' || run.state === 'checking' || run.state === 'running';
type Target = Awaited<ReturnType<typeof loadUploader>>['targets'][number];

function Counts({ counts, caption }: { counts: NonNullable<MigrationRun['counts']>; caption: string }) {
  return (
    <dl className="cas-migration-counts" aria-label={caption}>
      <div>
        <dt>Read</dt>
        <dd>{figure(counts.read)}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{figure(counts.created)}</dd>
      </div>
      <div>
        <dt>Updated</dt>
        <dd>{figure(counts.updated)}</dd>
      </div>
      <div data-tone={counts.rejected ? 'danger' : undefined}>
        <dt>Rejected</dt>
        <dd>{figure(counts.rejected)}</dd>
      </div>
    </dl>
  );
}

function RejectedRows({ run }: { run: MigrationRun }) {
  if (!run.rejectedRows.length) return null;
  return (
    <RowTable
      caption="First rejected rows"
      rows={run.rejectedRows}
      rowKey={(r) => String(r.line)}
      columns={[
        { key: 'line', header: 'Line', isNumeric: true, noWrap: true, cell: (r) => r.line },
        { key: 'error', header: 'Message', cell: (r) => r.error },
      ]}
    />
  );
}

const errorFileHref = (run: MigrationRun, format: 'csv' | 'xlsx') => `${HISTORIES}/errors?id=${run._id}&format=${format}`;

function ErrorFileLinks({ run }: { run: MigrationRun }) {
  if (!run.counts?.rejected) return null;
  return (
    <p className="cas-migration-links">
      <a href={errorFileHref(run, 'csv')} download>
        Download the error file (CSV)
      </a>
      <a href={errorFileHref(run, 'xlsx')} download>
        Download the error file (XLSX)
      </a>
    </p>
  );
}

const canRerun = (run: MigrationRun) => (run.state === 'completed' || run.state === 'failed') && !!run.counts?.rejected;

function RerunForm({ run, variant = 'secondary' }: { run: MigrationRun; variant?: 'secondary' | 'ghost' }) {
  if (!canRerun(run)) return null;
  return (
    <Form method="post" action={UPLOADER} className="cas-migration-inline">
      <input type="hidden" name="intent" value="rerun" />
      <input type="hidden" name="run" value={run._id} />
      <Button type="submit" variant={variant}>
        Re-run rejected rows only
      </Button>
    </Form>
  );
}

export function MigrationIndex() {
  const { recent, targets } = useLoaderData<Awaited<ReturnType<typeof loadIndex>>>();
  return (
    <section aria-labelledby="migration-title" className="cas-migration">
      <h1 id="migration-title" className="cas-page-title">
        Data Migration Management
      </h1>
      <ul className="cas-migration-cards">
        <li>
          <Link to={`${MIGRATIONS}/templates`}>Templates</Link>: download a CSV or XLSX template for each record type.
        </li>
        <li>
          <Link to={UPLOADER}>Uploader</Link>: upload a filled template, check it with a dry run, then import it.
        </li>
        <li>
          <Link to={DATABASES}>Databases</Link>: saved connections to PostgreSQL, MySQL and MariaDB.
        </li>
        <li>
          <Link to={DB_CONNECTOR}>Database Connector</Link>: read a table or a SELECT from a saved connection, all rows or only new ones.
        </li>
        <li>
          <Link to={APIS}>APIs</Link>: saved REST sources of the old systems, their sign-in and paging.
        </li>
        <li>
          <Link to={API_CONNECTOR}>API Connector</Link>: read every page of a saved API source, all rows or only new ones.
        </li>
        <li>
          <Link to={HISTORIES}>Histories</Link>: every run, its figures and its error file.
        </li>
      </ul>
      <h2>Recent runs</h2>
      <RunTable rows={recent} targets={targets} />
    </section>
  );
}

export function Templates() {
  const targets = useLoaderData<Awaited<ReturnType<typeof loadTargets>>>();
  return (
    <section aria-labelledby="templates-title" className="cas-migration">
      <h1 id="templates-title" className="cas-page-title">
        Templates
      </h1>
      <p>Each template has exactly the columns to fill; the CSV lists its guide in lines starting with #, the XLSX on its Guide sheet.</p>
      <RowTable
        caption="Templates"
        isCaptionHidden
        hasRowHeader
        rows={targets}
        rowKey={(t) => t.resource}
        columns={[
          { key: 'name', header: 'Template', cell: (t) => targetTitle(targets, t.name) },
          {
            key: 'columns',
            header: 'Columns',
            isMinor: true,
            cell: (t) => (
              <span className="cas-migration-columns">
                {t.columns
                  .filter((c) => c.inTemplate)
                  .map((c) => c.name)
                  .join(', ')}
              </span>
            ),
          },
          { key: 'key', header: 'Updates records with the same', cell: (t) => t.naturalKey.join(' + ') || '— (always creates)' },
          {
            key: 'download',
            header: 'Download',
            noWrap: true,
            cell: (t) => (
              <span className="cas-migration-links">
                <a href={`${MIGRATIONS}/templates/file?resource=${t.resource}&format=csv`} download aria-label={`${t.name} template, CSV`}>
                  CSV
                </a>
                <a href={`${MIGRATIONS}/templates/file?resource=${t.resource}&format=xlsx`} download aria-label={`${t.name} template, XLSX`}>
                  XLSX
                </a>
                <Link to={`${UPLOADER}?resource=${t.resource}`} aria-label={`Upload ${targetTitle(targets, t.name)}`}>
                  Upload
                </Link>
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}

function RunSettings({ run, target, refused }: { run: MigrationRun; target: Target | undefined; refused: RefusedForm }) {
  const disabled = busy(run) || run.state === 'completed' || (run.state === 'failed' && !!run.counts);
  const columns = target?.columns ?? [];
  const mapped = new Set(Object.values(run.mapping).filter(Boolean));
  const missing = columns.filter((c) => c.required && !mapped.has(c.name));
  // A refused matching comes back as chosen; each header's problem is beside its column.
  const chosen = Array.isArray(refused.typed.columns) ? (refused.typed.columns as unknown[]) : null;
  const columnOf = (h: string, i: number) => (chosen ? (typeof chosen[i] === 'string' ? chosen[i] : '') : (run.mapping[h] ?? ''));
  // The API names a header's problem `mapping.<header>`; a header that is a number reads `mapping[<n>]` in the form.
  const problemAt = (h: string) => refused.error(`mapping.${h}`) ?? refused.error(`mapping[${h}]`);
  const options = columns.map((c) => ({ value: c.name, label: `${c.name}${c.required ? ' (required)' : ''}` }));
  return (
    <Form method="post" className="cas-migration-settings" aria-label="Columns and mode">
      <input type="hidden" name="run" value={run._id} />
      <RowTable
        caption="Column matching"
        hasRowHeader
        rows={run.headers}
        rowKey={(h) => h}
        columns={[
          { key: 'header', header: 'Column in the file', cell: (h) => h },
          {
            key: 'column',
            header: 'Template column',
            cell: (h, i) => (
              <>
                <input type="hidden" name={`headers[${i}]`} value={h} />
                <Select
                  className="cas-migration-cell-field"
                  label={<span className="cas-visually-hidden">Template column for {h}</span>}
                  name={`columns[${i}]`}
                  placeholder="Ignore this column"
                  options={options}
                  defaultValue={columnOf(h, i)}
                  isDisabled={disabled}
                  error={problemAt(h)}
                />
              </>
            ),
          },
          { key: 'match', header: 'Matched by', cell: (h) => (run.matchKinds[h] ? MATCH_LABELS[run.matchKinds[h]!] : <em>ignored</em>) },
        ]}
      />
      {missing.length ? <p className="cas-migration-warning">Required columns not in the file: {missing.map((c) => c.name).join(', ')}.</p> : null}
      <div className="cas-migration-options">
        <Select
          label="When a row is rejected"
          name="mode"
          options={RUN_MODES.map((m) => ({ value: m, label: RUN_MODE_LABELS[m] }))}
          defaultValue={run.mode}
          isDisabled={disabled}
        />
        <Select
          label="Dates written as a/b/yyyy are"
          name="dateFormat"
          options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          defaultValue={run.dateFormat}
          isDisabled={disabled}
        />
      </div>
      <div className="cas-migration-actions">
        <Button type="submit" name="intent" value="check" variant="secondary" isDisabled={disabled}>
          Dry run
        </Button>
        <Button type="submit" name="intent" value="start" isDisabled={disabled}>
          Run
        </Button>
        <span className="cas-migration-hint">A dry run checks every row and saves nothing.</span>
      </div>
    </Form>
  );
}

/** Where a run is in file → preview → run. */
function stepOf(run: MigrationRun | null): number {
  if (!run) return 0;
  if (run.state === 'completed') return 3;
  if (run.state === 'running' || run.counts) return 2;
  return 1;
}

export function Uploader() {
  const { targets, run, resource } = useLoaderData<Awaited<ReturnType<typeof loadUploader>>>();
  const refused = useRefused();
  const navigation = useNavigation();
  useLiveData(!!run && busy(run));
  const target = run ? targets.find((t) => t.resource === run.resource) : undefined;
  const step = stepOf(run);
  return (
    <section aria-labelledby="uploader-title" className="cas-migration">
      <h1 id="uploader-title" className="cas-page-title">
        Uploader
      </h1>
      <ProgressSteps
        label="Upload steps"
        current={step}
        steps={[
          { label: 'File', href: `${UPLOADER}${run ? `?resource=${run.resource}` : ''}` },
          { label: 'Preview and dry run', href: run ? `${UPLOADER}?run=${run._id}` : undefined },
          { label: 'Run' },
        ]}
      />
      <FormNotice notice={refused.notice} />
      {!run ? (
        <Form method="post" encType="multipart/form-data" className="cas-migration-upload cas-panel" aria-label="Upload a file">
          <input type="hidden" name="intent" value="upload" />
          <Select
            label="Import into"
            name="resource"
            placeholder="Choose a template"
            options={targets.map((t) => ({ value: t.resource, label: targetTitle(targets, t.name) }))}
            defaultValue={resource}
            isRequired
            error={refused.error('resource')}
          />
          <FileDrop
            label="File (CSV or XLSX)"
            name="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            isRequired
            description={
              <>
                A filled template; <Link to={`${MIGRATIONS}/templates`}>download one</Link> first if you have none.
              </>
            }
            error={refused.error('file')}
          />
          <div className="cas-migration-actions">
            <Button type="submit" isDisabled={navigation.state === 'submitting'}>
              Upload
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <div className="cas-migration-run-head">
            <p>
              <strong>{run.sourceName}</strong> into <strong>{targetTitle(targets, run.targetName)}</strong>
              {run.message ? <> · {run.message}</> : null}
            </p>
            <RunStatePill state={run.state} />
          </div>
          {busy(run) ? <ProgressBar label="Progress of the run" total={100} value={run.progress} doneWord="per cent done" /> : null}
          {run.preview && !run.counts ? (
            <section className="cas-panel" aria-labelledby="dry-run-title">
              <h2 id="dry-run-title">Dry run</h2>
              <p>Nothing was saved. If run now:</p>
              <Counts counts={run.preview} caption="Dry run figures" />
            </section>
          ) : null}
          {run.counts ? (
            <section className="cas-panel" aria-labelledby="result-title">
              <h2 id="result-title">Result</h2>
              <Counts counts={run.counts} caption="Run figures" />
              <ErrorFileLinks run={run} />
              <RerunForm run={run} />
            </section>
          ) : null}
          <RejectedRows run={run} />
          <RunSettings run={run} target={target} refused={refused} />
          <p>
            <Link to={UPLOADER}>Upload another file</Link> · <Link to={HISTORIES}>Histories</Link>
          </p>
        </>
      )}
    </section>
  );
}

function RunActions({ run }: { run: MigrationRun }) {
  return (
    <RowMenu label={`Actions for the run of ${run.sourceName}`}>
      <Link to={`${UPLOADER}?run=${run._id}`}>Open the run</Link>
      {run.counts?.rejected ? (
        <>
          <a href={errorFileHref(run, 'csv')} download>
            Download the error file (CSV)
          </a>
          <a href={errorFileHref(run, 'xlsx')} download>
            Download the error file (XLSX)
          </a>
        </>
      ) : null}
      <RerunForm run={run} variant="ghost" />
    </RowMenu>
  );
}

function RunTable({ rows, targets }: { rows: readonly MigrationRun[]; targets: readonly { name: string; label: string }[] }) {
  const columns: RowTableColumn<MigrationRun>[] = [
    { key: 'source', header: 'Source', cell: (r) => <span className="cas-migration-source">{r.sourceName}</span> },
    {
      key: 'when',
      header: 'When',
      cell: (r) => (
        <span className="cas-migration-stack">
          <span className="cas-migration-nowrap">{formatZonedTime(r.createdAt, { withDate: true })}</span>
          <small>{r.startedByName ?? '—'}</small>
        </span>
      ),
    },
    {
      key: 'target',
      header: 'Target',
      cell: (r) => (
        <span className="cas-migration-stack">
          <span>{targetTitle(targets, r.targetName)}</span>
          <small>{RUN_MODE_LABELS[r.mode]}</small>
        </span>
      ),
    },
    { key: 'read', header: 'Read', isNumeric: true, cell: (r) => ((r.counts ?? r.preview) ? figure((r.counts ?? r.preview)!.read) : '—') },
    { key: 'created', header: 'Created', isNumeric: true, isMinor: true, cell: (r) => (r.counts ? figure(r.counts.created) : '—') },
    { key: 'updated', header: 'Updated', isNumeric: true, isMinor: true, cell: (r) => (r.counts ? figure(r.counts.updated) : '—') },
    { key: 'rejected', header: 'Rejected', isNumeric: true, cell: (r) => (r.counts ? figure(r.counts.rejected) : '—') },
    {
      key: 'state',
      header: 'State',
      noWrap: true,
      cell: (r) => (
        <span className="cas-migration-stack">
          <RunStatePill state={r.state} />
          <small>{took(r.durationMs)}</small>
        </span>
      ),
    },
    { key: 'actions', header: <span className="cas-visually-hidden">Actions</span>, noWrap: true, cell: (r) => <RunActions run={r} /> },
  ];
  return <RowTable caption="Runs" isCaptionHidden rows={rows} rowKey={(r) => r._id} columns={columns} emptyMessage="No run yet." />;
}

export function Histories() {
  const { rows, count, page, state, resource, targets } = useLoaderData<Awaited<ReturnType<typeof loadHistories>>>();
  const refused = useRefused();
  useLiveData(rows.some(busy));
  const last = Math.max(1, Math.ceil(count / 20));
  return (
    <section aria-labelledby="histories-title" className="cas-migration">
      <h1 id="histories-title" className="cas-page-title">
        Histories
      </h1>
      <FormNotice notice={refused.notice} />
      <Form method="get" className="cas-migration-filters" aria-label="Filter runs">
        <Select
          label="Target"
          name="resource"
          placeholder="Any target"
          options={targets.map((t) => ({ value: t.resource, label: targetTitle(targets, t.name) }))}
          defaultValue={resource}
        />
        <Select label="State" name="state" placeholder="Any state" options={RUN_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))} defaultValue={state} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <p className="cas-migration-count">{figure(count)} runs</p>
      <RunTable rows={rows} targets={targets} />
      {last > 1 ? (
        <nav aria-label="Pages" className="cas-migration-pages">
          {page > 1 ? <Link to={`?page=${page - 1}&state=${state}&resource=${resource}`}>Previous page</Link> : null}
          <span>
            Page {page} of {last}
          </span>
          {page < last ? <Link to={`?page=${page + 1}&state=${state}&resource=${resource}`}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
