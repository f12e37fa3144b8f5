import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  formatClock,
  formatDate,
  formatDuration,
  formatCount,
  formatDueTime,
  formatFileSize,
  formatPeso,
  formatShortDuration,
  formatZonedTime,
  initials,
  maskHealthNumber,
  maskTin,
  parseClock,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  type DateLocale,
  type MaskInput,
} from './index.js';

/*
 * Live examples of @campus/formatters. The library has no React dependency, so these demos use plain
 * uncontrolled inputs: each keystroke runs the real function and writes its result back.
 */

const cell = { padding: '4px 12px 4px 0', textAlign: 'left', verticalAlign: 'top' } as const;
const code = { fontFamily: 'ui-monospace, monospace' } as const;

interface ExampleRow {
  readonly call: string;
  readonly result: string;
}

function ExampleTable({ rows }: { readonly rows: readonly ExampleRow[] }) {
  return (
    <table style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={cell}>Call</th>
          <th style={cell}>Result</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.call}>
            <td style={{ ...cell, ...code }}>{r.call}</td>
            <td style={{ ...cell, ...code }}>{r.result}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const row = (call: string, result: string): ExampleRow => ({ call, result });

interface MaskFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly mask: (input: MaskInput) => string;
}

/** A text field that masks what is typed, as the console's TIN and PhilHealth fields do. */
function MaskField({ id, label, hint, mask }: MaskFieldProps) {
  return (
    <p style={{ display: 'grid', gap: 4, maxWidth: 320 }}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        style={{ ...code, padding: 6 }}
        onInput={(e) => {
          e.currentTarget.value = mask(e.currentTarget.value);
        }}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </p>
  );
}

interface LiveFieldProps {
  readonly id: string;
  readonly label: string;
  readonly initial: string;
  readonly show: (text: string) => string;
}

/** A field whose value is formatted live into the `<output>` beside it. */
function LiveField({ id, label, initial, show }: LiveFieldProps) {
  return (
    <p style={{ display: 'grid', gridTemplateColumns: '160px 220px auto', gap: 12, alignItems: 'center' }}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        defaultValue={initial}
        autoComplete="off"
        style={{ ...code, padding: 6 }}
        onInput={(e) => {
          const out = e.currentTarget.nextElementSibling;
          if (out) out.textContent = show(e.currentTarget.value);
        }}
      />
      <output htmlFor={id} aria-live="polite" style={code}>
        {show(initial)}
      </output>
    </p>
  );
}

const meta = {
  title: 'Libraries/Formatters',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The examples of the specification, computed by the library as this page renders. */
export const SpecExamples: Story = {
  render: () => (
    <ExampleTable
      rows={[
        row('formatPeso(1234567.891)', formatPeso(1234567.891)),
        row("formatPeso('1234567.891')", formatPeso('1234567.891')),
        row('formatPeso(-1234)', formatPeso(-1234)),
        row("formatPeso('')", formatPeso('')),
        row('formatPeso(NaN)', formatPeso(Number.NaN)),
        row('formatClock(45296)', formatClock(45296)),
        row("parseClock('12:34:56')", String(parseClock('12:34:56'))),
        row("parseClock('24:00:00')", String(parseClock('24:00:00'))),
        row('formatDuration(3723)', formatDuration(3723)),
        row('formatDuration(59)', formatDuration(59)),
        row("formatDate('2026-11-21')", formatDate('2026-11-21')),
        row(
          "formatDate('2026-11-21', { locale: 'en-US', style: 'full' })",
          formatDate('2026-11-21', { locale: 'en-US', style: 'full' }),
        ),
        row("maskTin('1234')", maskTin('1234')),
        row("maskTin('123456789000')", maskTin('123456789000')),
        row("maskHealthNumber('123456789012')", maskHealthNumber('123456789012')),
        row("initials('Juan', 'dela Cruz')", initials('Juan', 'dela Cruz')),
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const resultOf = (call: string) => canvas.getByText(call).nextElementSibling?.textContent;
    await expect(resultOf('formatPeso(1234567.891)')).toBe('₱1,234,567.89');
    await expect(resultOf('formatPeso(-1234)')).toBe('-₱1,234.00');
    await expect(resultOf("formatPeso('')")).toBe('₱0.00');
    await expect(resultOf('formatDuration(3723)')).toBe('1h 2m 3s');
    await expect(resultOf('formatDuration(59)')).toBe('0h 0m 59s');
    await expect(resultOf("maskTin('1234')")).toBe('123-4');
    await expect(resultOf("maskTin('123456789000')")).toBe('123-456-789-000');
    await expect(resultOf("maskHealthNumber('123456789012')")).toBe('12-345678901-2');
  },
};

// Tuesday 1 December 2026, 08:00 in Manila: the examples measure from a fixed moment.
const NOW = new Date('2026-12-01T00:00:00Z');
const DUE = new Date('2026-12-01T02:00:00Z');

/** How screens word times, deadlines, counts and sizes: with the zone, in short units people scan. */
export const TimesAndCounts: Story = {
  render: () => (
    <ExampleTable
      rows={[
        row('formatShortDuration(5400)', formatShortDuration(5400)),
        row('formatShortDuration(97200)', formatShortDuration(97200)),
        row("formatZonedTime('2026-12-01T02:00:00Z')", formatZonedTime(DUE)),
        row("formatZonedTime(due, { withDate: true })", formatZonedTime(DUE, { withDate: true })),
        row('formatDueTime(due, now)', formatDueTime(DUE, NOW)),
        row('formatDueTime(now, due)', formatDueTime(NOW, DUE)),
        row('formatCount(6000)', formatCount(6000)),
        row('formatFileSize(2621440)', formatFileSize(2621440)),
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const resultOf = (call: string) => canvas.getByText(call).nextElementSibling?.textContent;
    await expect(resultOf('formatDueTime(due, now)')).toBe('due in 2 h · Tue 10:00 PHT');
    await expect(resultOf('formatDueTime(now, due)')).toBe('overdue by 2 h · Tue 08:00 PHT');
    await expect(resultOf('formatShortDuration(5400)')).toBe('1 h 30 min');
    await expect(resultOf('formatCount(6000)')).toBe('6,000');
  },
};

/** TIN and PhilHealth numbers are masked while typing: digits only, dashes added, at most 13 digits. */
export const MasksAsYouType: Story = {
  render: () => (
    <div>
      <MaskField id="tin" label="TIN" hint="Dashes after the 3rd, 6th and 9th digit." mask={maskTin} />
      <MaskField
        id="philhealth"
        label="PhilHealth number"
        hint="2 digits, dash, 9 digits, dash, the rest."
        mask={maskHealthNumber}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tin = canvas.getByLabelText('TIN');
    await userEvent.type(tin, '1234');
    await expect(tin).toHaveValue('123-4');
    await userEvent.type(tin, '56789000999');
    await expect(tin).toHaveValue('123-456-789-0009');
    const health = canvas.getByLabelText('PhilHealth number');
    await userEvent.type(health, '12a3456789012');
    await expect(health).toHaveValue('12-345678901-2');
  },
};

/** Type into any field; the formatted value follows. */
export const Playground: Story = {
  render: () => (
    <div>
      <LiveField id="peso" label="formatPeso" initial="1234567.891" show={formatPeso} />
      <LiveField
        id="clock"
        label="formatClock (seconds)"
        initial="45296"
        show={(t) => formatClock(Number(t))}
      />
      <LiveField
        id="parse-clock"
        label="parseClock"
        initial="12:34:56"
        show={(t) => {
          const s = parseClock(t);
          return s === null ? 'not a 24-hour hh:mm:ss time' : `${s} seconds`;
        }}
      />
      <LiveField
        id="duration"
        label="formatDuration (seconds)"
        initial="3723"
        show={(t) => formatDuration(Number(t))}
      />
      <LiveField
        id="date-ph"
        label="formatDate en-PH"
        initial="2026-11-21"
        show={(t) => formatDate(t, { style: 'long' })}
      />
      <LiveField
        id="date-us"
        label="formatDate en-US"
        initial="2026-11-21T06:05:09Z"
        show={(t) => formatDate(t, { locale: 'en-US' satisfies DateLocale, time: true })}
      />
      <LiveField
        id="initials"
        label="initials (first last)"
        initial="Maria Santos"
        show={(t) => {
          const [first, ...rest] = t.trim().split(/\s+/);
          return initials(first, rest.at(-1));
        }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const peso = canvas.getByLabelText('formatPeso');
    await userEvent.clear(peso);
    await userEvent.type(peso, '-1234');
    await expect(canvas.getByText('-₱1,234.00')).toBeInTheDocument();
  },
};

const sampleEmployee = {
  fname: 'Maria',
  lname: 'Santos',
  mname: 'Reyes',
  designation: { name: 'Instructor I' },
  department: { name: 'College of Engineering' },
};

/** Notice templates: placeholders in double square brackets, filled from the signed-in employee. */
export const Templates: Story = {
  render: () => {
    const initial =
      'Good day, [[first_name]] [[middle_name]] [[last_name]] ([[designation]], [[department]]). Issued [[date_now]]. [[unknown]] stays.';
    return (
      <div style={{ display: 'grid', gap: 8, maxWidth: 640 }}>
        <ul aria-label="Placeholders" style={{ margin: 0, paddingLeft: 20 }}>
          {TEMPLATE_PLACEHOLDERS.map((p) => (
            <li key={p.code}>
              <code>{p.token}</code> {p.label}
            </li>
          ))}
        </ul>
        <label htmlFor="template">Template</label>
        <textarea
          id="template"
          rows={3}
          defaultValue={initial}
          onInput={(e) => {
            const out = e.currentTarget.nextElementSibling;
            if (out) out.textContent = renderTemplate(e.currentTarget.value, sampleEmployee);
          }}
        />
        <output htmlFor="template" aria-live="polite">
          {renderTemplate(initial, sampleEmployee)}
        </output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const template = canvas.getByLabelText('Template');
    await userEvent.clear(template);
    await userEvent.type(template, 'Hello [[[[first_name]] of [[[[department]]');
    await expect(canvas.getByText('Hello Maria of College of Engineering')).toBeInTheDocument();
  },
};
