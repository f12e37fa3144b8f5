import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Checkbox, DateField, Select, StatusPill, TextField } from '@campus/ui';
import { RANGE_PRESETS, RANGE_PRESET_LABELS } from '@campus/api-contract';
import type { Cell, ChartColumn, RenderedChart } from './charts.server';
import type { AuditListRow, Kpi, Person, RangeState } from './reports.server';

/** Who did an audited action: the person's name, or the email typed when no account is known (a failed sign-in). */
export const whoOf = (r: Pick<AuditListRow, 'actorName' | 'actorEmail'>) => r.actorName ?? r.actorEmail ?? '—';

/** A cell as the table shows it (shares as percentages). */
export function cellText(column: ChartColumn, value: Cell): string {
  if (value === null || value === undefined) return '—';
  if (column.percent && typeof value === 'number') return `${Math.round(value * 1000) / 10}%`;
  return String(value);
}

/** Below this width a report's filters fold into "Filters (3)", so the figures come first on a phone. */
const FOLD_BELOW = 640;

/** Whether the filters are unfolded: folded as served; once JavaScript runs, unfolded from 640 px. */
function useFiltersOpen(): [boolean, (open: boolean) => void] {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${FOLD_BELOW}px)`).matches) setOpen(true);
  }, []);
  return [isOpen, setOpen];
}

/** A choice of a report's filter, "Any" first. */
export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string | undefined; options: readonly { value: string; label: string }[] }) {
  return <Select label={label} name={name} placeholder="Any" defaultValue={value ?? ''} options={options} className="cas-report-filter" />;
}

/** A free-text filter of a report. */
export function FilterText({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  return <TextField label={label} name={name} type="search" defaultValue={value ?? ''} className="cas-report-filter" />;
}

/**
 * The date range and filters of a report page: presets or custom days in Asia/Manila, sent as a plain GET form so it
 * works without JavaScript; `hidden` keeps the page's other filters. On a phone the fields fold into a disclosure
 * whose summary counts the chosen filters (`chosen`); it is a `<details>`, so it opens without JavaScript too.
 */
export function RangeForm({
  range,
  hidden,
  allowAll,
  chosen = 0,
  children,
}: {
  range: RangeState;
  hidden?: Record<string, string>;
  allowAll?: boolean;
  chosen?: number;
  children?: React.ReactNode;
}) {
  const [isOpen, setOpen] = useFiltersOpen();
  const periods = [
    ...(allowAll ? [{ value: 'all', label: 'All time' }] : []),
    ...RANGE_PRESETS.map((p) => ({ value: p, label: RANGE_PRESET_LABELS[p] })),
  ];
  return (
    <Form method="get" className="cas-panel cas-report-range" aria-label="Report period">
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <details className="cas-report-fold" open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cas-report-fold__summary">{chosen ? `Filters (${chosen})` : 'Filters'}</summary>
        <div className="cas-report-fold__body">
          <Select label="Period" name="preset" defaultValue={range.preset} options={periods} className="cas-report-filter" />
          <DateField label="From" name="from" defaultValue={range.from || undefined} />
          <DateField label="To" name="to" defaultValue={range.to || undefined} />
          {children}
          <div className="cas-report-fold__actions">
            <Button type="submit">Show</Button>
          </div>
        </div>
      </details>
      {range.error ? (
        <p role="alert" className="cas-error">
          {range.error}
        </p>
      ) : null}
      <p className="cas-report-note">
        {range.preset === 'all'
          ? 'All recorded days.'
          : `${range.from} to ${range.to}${range.term ? ` (${range.term})` : ''}, Asia/Manila${range.previous ? `; compared with ${range.previous.from} to ${range.previous.to}` : ''}.`}{' '}
        Custom days apply when the period is Custom.
      </p>
    </Form>
  );
}

function kpiValue(k: Pick<Kpi, 'unit'>, v: number | null): string {
  if (v === null) return '—';
  if (k.unit === 'percent') return `${Math.round(v * 1000) / 10}%`;
  if (k.unit === 'minutes') return v >= 120 ? `${Math.round((v / 60) * 10) / 10} h` : `${Math.round(v)} min`;
  return v.toLocaleString('en-PH');
}

/** Key figures of the period as cards, each against the previous period of the same length. */
export function KpiTiles({ kpis }: { kpis: readonly Kpi[] }) {
  return (
    <ul className="cas-kpis" aria-label="Key figures">
      {kpis.map((k) => {
        const change = k.value !== null && k.previous !== null ? k.value - k.previous : null;
        const better = change === null || change === 0 ? null : (change < 0) === k.lowerIsBetter;
        return (
          <li key={k.label} className="cas-kpi" data-better={better === null ? undefined : String(better)}>
            <span className="cas-kpi__label">{k.label}</span>
            <strong className="cas-kpi__value">{kpiValue(k, k.value)}</strong>
            {change !== null && change !== 0 ? (
              <StatusPill tone={better ? 'success' : 'danger'}>
                <span aria-hidden="true">{change > 0 ? '▲' : '▼'} </span>
                {change > 0 ? 'up' : 'down'} {kpiValue(k, Math.abs(change))}
              </StatusPill>
            ) : (
              <StatusPill tone="neutral">{change === 0 ? 'unchanged' : 'no comparison'}</StatusPill>
            )}
            <span className="cas-kpi__previous">Previous period: {kpiValue(k, k.previous)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One chart: title, the SVG drawn on the server, a text summary, a "Show as table" view with the drill-down
 * links, and its rows as CSV and XLSX.
 */
export function ChartFigure({ chart, exportHref }: { chart: RenderedChart; exportHref: (format: 'csv' | 'xlsx') => string }) {
  const titleId = `chart-${chart.id}-title`;
  const summaryId = `chart-${chart.id}-summary`;
  return (
    <figure className="cas-panel cas-chart" aria-labelledby={titleId} aria-describedby={summaryId}>
      <figcaption>
        <h2 id={titleId} className="cas-chart__title">
          {chart.title}
        </h2>
        <p id={summaryId} className="cas-chart__summary">
          {chart.summary}
        </p>
      </figcaption>
      {/* Drawn on the server by Observable Plot from the rows below; no script builds it. A list has only its table. */}
      {chart.svg ? <div className="cas-chart__svg" dangerouslySetInnerHTML={{ __html: chart.svg }} /> : null}
      <details className="cas-chart__table" open={chart.kind === 'list' ? true : undefined}>
        <summary>Show as table</summary>
        <table className="cas-table">
          <caption className="cas-visually-hidden">{chart.title}</caption>
          <thead>
            <tr>
              {chart.columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row, i) => (
              <tr key={i}>
                {chart.columns.map((c, j) => (
                  <td key={c.key}>{j === 0 && chart.links[i] ? <a href={chart.links[i]!}>{cellText(c, row[c.key] ?? null)}</a> : cellText(c, row[c.key] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="cas-chart__exports">
        <a className="cas-button cas-button--secondary" href={exportHref('csv')} download>
          Export {chart.title} as CSV
        </a>{' '}
        <a className="cas-button cas-button--secondary" href={exportHref('xlsx')} download>
          Export {chart.title} as XLSX
        </a>
      </p>
    </figure>
  );
}

/**
 * The export address of a chart: the page's own query plus which page and chart, with the days the page showed
 * written out, so a file asked for just after midnight (or as a term ends) holds exactly the rows on the screen.
 */
export function exportLink(page: string, chart: string, search: string, range: Pick<RangeState, 'preset' | 'from' | 'to'>) {
  return (format: 'csv' | 'xlsx') => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (range.preset !== 'all' && range.from && range.to) {
      params.set('preset', 'custom');
      params.set('from', range.from);
      params.set('to', range.to);
    }
    params.set('report', page);
    params.set('chart', chart);
    params.set('format', format);
    return `/app/analytics/export?${params.toString()}`;
  };
}

/**
 * Who receives the page's key figures by email every Monday (the week just ended against the week before): the
 * people with Analytics and Reports, ticked or not; a plain form, so it works without JavaScript.
 */
export function WeeklyEmailForm({ recipients, candidates, error }: { recipients: readonly Person[]; candidates: readonly Person[]; error?: string | undefined }) {
  const chosen = new Set(recipients.map((r) => r.id));
  return (
    <details className="cas-panel cas-report-weekly" open={error ? true : undefined}>
      <summary>Weekly email{recipients.length ? ` (${recipients.length} ${recipients.length === 1 ? 'person' : 'people'})` : ''}</summary>
      <Form method="post">
        <fieldset>
          <legend>Email this page’s key figures every Monday at 07:00 (Asia/Manila), for the week just ended, to:</legend>
          {candidates.map((p) => (
            <Checkbox key={p.id} name="userId" value={p.id} defaultSelected={chosen.has(p.id)} className="cas-report-weekly__person">
              {p.name} ({p.email})
            </Checkbox>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="cas-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary">
          Save weekly email
        </Button>
      </Form>
    </details>
  );
}
