import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { hrCodedValues, hrEntities, TIMESHEET_DAY_STATUSES, timesheetColor } from './index.js';

/*
 * The HR coded values, timesheet colours and import templates, rendered from the library itself so this page
 * can never disagree with the code.
 */

const cell = { padding: '4px 16px 4px 0', textAlign: 'left', verticalAlign: 'top' } as const;
const code = { fontFamily: 'ui-monospace, monospace' } as const;

function CodeTable({
  title,
  options,
}: {
  title: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <table style={{ borderCollapse: 'collapse', marginBottom: 24 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>{title}</caption>
      <thead>
        <tr>
          <th style={cell}>Code</th>
          <th style={cell}>Label</th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={String(o.value)}>
            <td style={{ ...cell, ...code }}>{o.value}</td>
            <td style={cell}>{o.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Libraries/Coded values',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every HR coded value list of spec §3, with the code stored and the label shown. */
export const HrCodedValues: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 16 }}>
      {hrCodedValues.map((list) => (
        <CodeTable key={list.name} title={list.title} options={list.options} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Appointment status' })).toBeInTheDocument();
    await expect(canvas.getByText('Contract of service')).toBeInTheDocument();
    await expect(canvas.getByText('NON-PLANTILLA')).toBeInTheDocument();
  },
};

/** Timesheet day statuses and their colours (spec §9). Any other status is a normal day. */
export const TimesheetColours: Story = {
  render: () => (
    <table style={{ borderCollapse: 'collapse' }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
        Timesheet day statuses
      </caption>
      <thead>
        <tr>
          <th style={cell}>Colour</th>
          <th style={cell}>Status</th>
          <th style={cell}>Label</th>
          <th style={cell}>Hex</th>
        </tr>
      </thead>
      <tbody>
        {TIMESHEET_DAY_STATUSES.map((s) => (
          <tr key={s.value}>
            <td style={cell}>
              <span
                role="img"
                aria-label={`${s.label} colour`}
                style={{
                  display: 'inline-block',
                  width: 48,
                  height: 24,
                  borderRadius: 4,
                  border: '1px solid rgb(0 0 0 / 20%)',
                  background: timesheetColor(s.value),
                }}
              />
            </td>
            <td style={{ ...cell, ...code }}>{s.value}</td>
            <td style={cell}>{s.label}</td>
            <td style={{ ...cell, ...code }}>{s.color}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    const swatch = within(canvasElement).getByRole('img', { name: 'Late colour' });
    await expect(swatch).toHaveStyle({ backgroundColor: 'rgb(255, 175, 19)' });
  },
};

/** The HR resources, their console paths and bulk-import template columns. */
export const HrResources: Story = {
  render: () => (
    <table style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={cell}>Entity</th>
          <th style={cell}>Resource</th>
          <th style={cell}>Import template</th>
        </tr>
      </thead>
      <tbody>
        {hrEntities.map((e) => (
          <tr key={e.resource}>
            <td style={cell}>{e.pluralLabel}</td>
            <td style={{ ...cell, ...code }}>{e.resource}</td>
            <td style={{ ...cell, ...code }}>{e.template?.join(', ') ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
};
