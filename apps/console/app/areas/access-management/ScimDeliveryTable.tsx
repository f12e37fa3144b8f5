import { SCIM_OPERATION_LABELS, SCIM_RESOURCE_TYPE_LABELS, type ScimDelivery } from '@campus/api-contract';
import { formatZonedTime } from '@campus/formatters';
import { EmptyState, RowTable, StatusPill, type RowTableColumn } from '@campus/ui';

/** An email may break before its @ (a phone card is narrower than most addresses). */
function breakable(label: string) {
  const at = label.indexOf('@');
  if (at <= 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <wbr />
      {label.slice(at)}
    </>
  );
}

// Six columns that fit the application's page at 1280 px: what was pushed is its name over its kind. Each cell is one
// element, so that a phone card keeps it beside its label.
const COLUMNS: readonly RowTableColumn<ScimDelivery>[] = [
  { key: 'at', header: 'Time', cell: (d) => <time dateTime={d.at}>{formatZonedTime(d.at, { withDate: true })}</time> },
  {
    key: 'resource',
    header: 'Resource',
    cell: (d) => (
      <span>
        {breakable(d.label)}
        <br />
        {SCIM_RESOURCE_TYPE_LABELS[d.resourceType]}
      </span>
    ),
  },
  { key: 'operation', header: 'Operation', cell: (d) => SCIM_OPERATION_LABELS[d.operation] },
  { key: 'status', header: 'HTTP status', cell: (d) => (d.httpStatus === null ? 'No answer' : String(d.httpStatus)), isNumeric: true },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (d) => (
      <span>
        <StatusPill tone={d.succeeded ? 'success' : 'danger'}>{d.succeeded ? 'Delivered' : 'Failed'}</StatusPill> {d.outcome}
      </span>
    ),
  },
  { key: 'attempt', header: 'Attempt', cell: (d) => String(d.attempt), isNumeric: true, isMinor: true },
];

export interface ScimDeliveryTableProps {
  readonly caption: string;
  readonly rows: readonly ScimDelivery[];
  /** Whether provisioning is on: what the empty log says to do next. */
  readonly isEnabled: boolean;
}

/** Requests sent to the application's SCIM endpoint, newest first: what, how it was answered, which attempt. */
export function ScimDeliveryTable({ caption, rows, isEnabled }: ScimDeliveryTableProps) {
  if (rows.length === 0) {
    return (
      <EmptyState
        icon="layers"
        headingLevel={3}
        title="Nothing pushed yet"
        description={
          isEnabled
            ? 'Users holding a role of this application and its roles are pushed when they change; each request shows here.'
            : 'Turn SCIM provisioning on to push the users holding a role of this application and its roles.'
        }
      />
    );
  }
  return <RowTable caption={caption} columns={COLUMNS} rows={rows} rowKey={(d) => d.id} />;
}
