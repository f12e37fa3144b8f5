import { useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { DATE_FORMATS, RUN_MODE_LABELS, RUN_MODES, RUN_STATES, type RunState } from '@campus/domain-migration';
import type { MigrationRun } from '@campus/api-contract';
import { FormNotice } from '../../components/FormNotice';
import { figure, ProgressBar, took, useLiveData, when } from '../batch-management/parts';
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
const MATCH_LABELS: Record<string, string> = { exact: 'exact name', loose: 'same name, other spelling', fuzzy: 'closest name', chosen: 'chosen' };
/** A refused form's problems by field (`mapping.<header>`, `resource`, `file`) and what was typed. */
function useRefused() {
  const refused = useActionData<typeof uploaderAction>();
  const [form] = useForm({ lastResult: refused?.result });
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  return { notice: refused?.notice, error: (name: string) => form.allErrors[name]?.[0], typed };
}
type RefusedForm = ReturnType<typeof useRefused>;

const busy = (run: MigrationRun) => run.state === 'reading' || run.state === 'checking' || run.state === 'running';

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
      <div>
        <dt>Rejected</dt>
        <dd>{figure(counts.rejected)}</dd>
      </div>
    </dl>
  );
}

function RejectedRows({ run }: { run: MigrationRun }) {
  if (!run.rejectedRows.length) return null;
  return (
    <table className="cas-table">
      <caption>First rejected rows</caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {run.rejectedRows.map((r) => (
          <tr key={r.line}>
            <td>{r.line}</td>
            <td>{r.error}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ErrorFileLinks({ run }: { run: MigrationRun }) {
  const rejected = run.counts?.rejected ?? 0;
  if (!rejected) return null;
  return (
    <p className="cas-migration-links">
      <a href={`${HISTORIES}/errors?id=${run._id}&format=csv`} download>
        Download the error file (CSV)
      </a>{' '}
      ·{' '}
      <a href={`${HISTORIES}/errors?id=${run._id}&format=xlsx`} download>
        Download the error file (XLSX)
      </a>
    </p>
  );
}

function RerunForm({ run }: { run: MigrationRun }) {
  if (!(run.state === 'completed' || run.state === 'failed') || !run.counts?.rejected) return null;
  return (
    <Form method="post" action={UPLOADER} className="cas-migration-inline">
      <input type="hidden" name="intent" value="rerun" />
      <input type="hidden" name="run" value={run._id} />
      <button type="submit" className="cas-button">
        Re-run rejected rows only
      </button>
    </Form>
  );
}

export function MigrationIndex() {
  const { recent } = useLoaderData<Awaited<ReturnType<typeof loadIndex>>>();
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
      {recent.length ? <RunTable rows={recent} /> : <p>No run yet.</p>}
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
      <table className="cas-table">
        <thead>
          <tr>
            <th scope="col">Template</th>
            <th scope="col">Columns</th>
            <th scope="col">Updates records with the same</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {targets.map((t) => (
            <tr key={t.resource}>
              <th scope="row">{t.name}</th>
              <td>{t.columns.filter((c) => c.inTemplate).map((c) => c.name).join(', ')}</td>
              <td>{t.naturalKey.join(' + ') || '— (always creates)'}</td>
              <td className="cas-migration-links">
                <a href={`${MIGRATIONS}/templates/file?resource=${t.resource}&format=csv`} download aria-label={`${t.name} template, CSV`}>
                  CSV
                </a>{' '}
                <a href={`${MIGRATIONS}/templates/file?resource=${t.resource}&format=xlsx`} download aria-label={`${t.name} template, XLSX`}>
                  XLSX
                </a>{' '}
                <Link to={`${UPLOADER}?resource=${t.resource}`} aria-label={`Upload ${t.name}`}>
                  Upload
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RunSettings({ run, target, refused }: { run: MigrationRun; target: Awaited<ReturnType<typeof loadUploader>>['targets'][number] | undefined; refused: RefusedForm }) {
  const disabled = busy(run) || run.state === 'completed' || (run.state === 'failed' && !!run.counts);
  const columns = target?.columns ?? [];
  const mapped = new Set(Object.values(run.mapping).filter(Boolean));
  const missing = columns.filter((c) => c.required && !mapped.has(c.name));
  // A refused matching comes back as chosen; each header's problem is beside its column.
  const chosen = Array.isArray(refused.typed.columns) ? (refused.typed.columns as unknown[]) : null;
  const columnOf = (h: string, i: number) => (chosen ? (typeof chosen[i] === 'string' ? chosen[i] : '') : (run.mapping[h] ?? ''));
  // The API names a header's problem `mapping.<header>`; a header that is a number reads `mapping[<n>]` in the form.
  const problemAt = (h: string) => refused.error(`mapping.${h}`) ?? refused.error(`mapping[${h}]`);
  return (
    <Form method="post" className="cas-migration-settings" aria-label="Columns and mode">
      <input type="hidden" name="run" value={run._id} />
      <table className="cas-table">
        <caption>Column matching</caption>
        <thead>
          <tr>
            <th scope="col">Column in the file</th>
            <th scope="col">Template column</th>
            <th scope="col">Matched by</th>
          </tr>
        </thead>
        <tbody>
          {run.headers.map((h, i) => (
            <tr key={h}>
              <th scope="row">{h}</th>
              <td>
                <label className="cas-visually-hidden" htmlFor={`map-${h}`}>
                  Template column for {h}
                </label>
                <input type="hidden" name={`headers[${i}]`} value={h} />
                <select id={`map-${h}`} name={`columns[${i}]`} defaultValue={columnOf(h, i)} disabled={disabled} aria-invalid={problemAt(h) ? true : undefined}>
                  <option value="">Ignore this column</option>
                  {columns.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                      {c.required ? ' (required)' : ''}
                    </option>
                  ))}
                </select>
                {problemAt(h) ? <span className="cas-field-error">{problemAt(h)}</span> : null}
              </td>
              <td>{run.matchKinds[h] ? MATCH_LABELS[run.matchKinds[h]!] : <em>ignored</em>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {missing.length ? <p className="cas-migration-warning">Required columns not in the file: {missing.map((c) => c.name).join(', ')}.</p> : null}
      <fieldset disabled={disabled}>
        <legend>When a row is rejected</legend>
        {RUN_MODES.map((m) => (
          <label key={m} className="cas-migration-radio">
            <input type="radio" name="mode" value={m} defaultChecked={run.mode === m} /> {RUN_MODE_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <label>
        Dates written as a/b/yyyy are
        <select name="dateFormat" defaultValue={run.dateFormat} disabled={disabled}>
          {DATE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <div className="cas-migration-actions">
        <button type="submit" name="intent" value="check" className="cas-button" disabled={disabled}>
          Dry run
        </button>
        <button type="submit" name="intent" value="start" className="cas-button cas-button--primary" disabled={disabled}>
          Run
        </button>
      </div>
    </Form>
  );
}

export function Uploader() {
  const { targets, run, resource } = useLoaderData<Awaited<ReturnType<typeof loadUploader>>>();
  const refused = useRefused();
  const navigation = useNavigation();
  useLiveData(!!run && busy(run));
  const target = run ? targets.find((t) => t.resource === run.resource) : undefined;
  return (
    <section aria-labelledby="uploader-title" className="cas-migration">
      <h1 id="uploader-title" className="cas-page-title">
        Uploader
      </h1>
      <FormNotice notice={refused.notice} />
      {!run ? (
        <Form method="post" encType="multipart/form-data" className="cas-migration-upload" aria-label="Upload a file">
          <input type="hidden" name="intent" value="upload" />
          <label>
            Import into
            <select name="resource" defaultValue={resource} required aria-invalid={refused.error('resource') ? true : undefined}>
              <option value="">Choose a template</option>
              {targets.map((t) => (
                <option key={t.resource} value={t.resource}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          {refused.error('resource') ? <span className="cas-field-error">{refused.error('resource')}</span> : null}
          <label>
            File (CSV or XLSX)
            <input type="file" name="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required />
          </label>
          {refused.error('file') ? <span className="cas-field-error">{refused.error('file')}</span> : null}
          <button type="submit" className="cas-button cas-button--primary" disabled={navigation.state === 'submitting'}>
            Upload
          </button>
        </Form>
      ) : (
        <>
          <p>
            <strong>{run.sourceName}</strong> into <strong>{run.targetName}</strong> · <span className={`cas-migration-state cas-migration-state--${run.state}`}>{STATE_LABELS[run.state]}</span>
            {run.message ? <> · {run.message}</> : null}
          </p>
          {busy(run) ? <ProgressBar done={run.progress} failed={0} total={100} progress={run.progress} label="Progress of the run" /> : null}
          {run.preview && !run.counts ? (
            <>
              <h2>Dry run</h2>
              <p>Nothing was saved. If run now:</p>
              <Counts counts={run.preview} caption="Dry run figures" />
            </>
          ) : null}
          {run.counts ? (
            <>
              <h2>Result</h2>
              <Counts counts={run.counts} caption="Run figures" />
              <ErrorFileLinks run={run} />
              <RerunForm run={run} />
            </>
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

function RunTable({ rows }: { rows: readonly MigrationRun[] }) {
  return (
    <table className="cas-table cas-migration-runs">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Source</th>
          <th scope="col">Target</th>
          <th scope="col">Mode</th>
          <th scope="col">Read</th>
          <th scope="col">Created</th>
          <th scope="col">Updated</th>
          <th scope="col">Rejected</th>
          <th scope="col">Duration</th>
          <th scope="col">State</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const c = r.counts ?? r.preview;
          return (
            <tr key={r._id}>
              <td>{when(r.createdAt)}</td>
              <td>{r.startedByName ?? '—'}</td>
              <td>{r.sourceName}</td>
              <td>{r.targetName}</td>
              <td>{RUN_MODE_LABELS[r.mode]}</td>
              <td>{c ? figure(c.read) : '—'}</td>
              <td>{r.counts ? figure(r.counts.created) : '—'}</td>
              <td>{r.counts ? figure(r.counts.updated) : '—'}</td>
              <td>{r.counts ? figure(r.counts.rejected) : '—'}</td>
              <td>{took(r.durationMs)}</td>
              <td>
                <span className={`cas-migration-state cas-migration-state--${r.state}`}>{STATE_LABELS[r.state]}</span>
              </td>
              <td className="cas-migration-links">
                <Link to={`${UPLOADER}?run=${r._id}`} aria-label={`Open the run of ${r.sourceName}`}>
                  Open
                </Link>
                <ErrorFileLinks run={r} />
                <RerunForm run={r} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
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
        <label>
          Target
          <select name="resource" defaultValue={resource}>
            <option value="">Any target</option>
            {targets.map((t) => (
              <option key={t.resource} value={t.resource}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select name="state" defaultValue={state}>
            <option value="">Any state</option>
            {RUN_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="cas-button">
          Filter
        </button>
      </Form>
      <p>{figure(count)} runs</p>
      {rows.length ? <RunTable rows={rows} /> : <p>No run yet.</p>}
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
