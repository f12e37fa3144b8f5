import { Form, Link } from '@remix-run/react';
import { Button, RowMenu, RowTable, type RowTableColumn } from '@campus/ui';

export interface SavedSourcesProps<Row extends { readonly _id: string; readonly name: string }> {
  /** Names the table ("Saved connections"). */
  readonly caption: string;
  readonly rows: readonly Row[];
  /** The columns after the name, which heads each row. */
  readonly columns: readonly RowTableColumn<Row>[];
  /** What the test button says of a row ("Test connection"). */
  readonly testLabel: string;
  readonly editHref: (row: Row) => string;
  readonly readHref: (row: Row) => string;
  readonly emptyMessage: string;
}

/**
 * The saved sources of a connector (database connections, REST sources): one row each, headed by its name, and its
 * actions (test, edit, read from it, delete) in the row's menu so a row stays one line tall. Test and delete post
 * the row's id with the intent `test` or `delete` to the page's own action.
 */
export function SavedSources<Row extends { readonly _id: string; readonly name: string }>({
  caption,
  rows,
  columns,
  testLabel,
  editHref,
  readHref,
  emptyMessage,
}: SavedSourcesProps<Row>) {
  const post = (row: Row, intent: 'test' | 'delete', label: string, text: string) => (
    <Form method="post" className="cas-migration-inline">
      <input type="hidden" name="id" value={row._id} />
      <Button type="submit" name="intent" value={intent} variant="ghost" aria-label={label}>
        {text}
      </Button>
    </Form>
  );
  return (
    <RowTable
      caption={caption}
      isCaptionHidden
      hasRowHeader
      rows={rows}
      rowKey={(r) => r._id}
      emptyMessage={emptyMessage}
      columns={[
        { key: 'name', header: 'Name', cell: (r) => r.name },
        ...columns,
        {
          key: 'actions',
          header: 'Actions',
          noWrap: true,
          cell: (r) => (
            <RowMenu label={`Actions for ${r.name}`}>
              {post(r, 'test', `${testLabel} ${r.name}`, testLabel)}
              <Link to={editHref(r)} aria-label={`Edit ${r.name}`}>
                Edit
              </Link>
              <Link to={readHref(r)} aria-label={`Read from ${r.name}`}>
                Read
              </Link>
              {post(r, 'delete', `Delete ${r.name}`, 'Delete')}
            </RowMenu>
          ),
        },
      ]}
    />
  );
}
