// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.js';
import type { EntityRow } from './format-cell.js';
import { sampleCollegeEntity as college, sampleCollegeRows } from './sample-entities.js';

afterEach(cleanup);
const rows = sampleCollegeRows as EntityRow[];
const rowHref = (row: EntityRow) => `/app/campus-management/colleges/${row._id}/edit`;

describe('DataTable', () => {
  it('shows one column per list column of the descriptor, labelled from its fields', () => {
    render(<DataTable entity={college} rows={rows} searchParams="" sort="name" rowHref={rowHref} />);
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Code', 'Name', 'Campus', 'Kind']);
  });

  it.each([
    ['name', 'Name', 'ascending', '?q=eng&sort=-name'],
    ['-name', 'Name', 'descending', '?q=eng&sort=name'],
    ['name', 'Code', 'none', '?q=eng&sort=code'],
  ])('with sort %s, the %s header has aria-sort %s and links to %s', (sort, label, ariaSort, href) => {
    render(
      <DataTable entity={college} rows={rows} searchParams="q=eng&page=2" sort={sort} rowHref={rowHref} />,
    );
    const header = screen.getByRole('columnheader', { name: new RegExp(label) });
    expect(header.getAttribute('aria-sort')).toBe(ariaSort);
    expect(within(header).getByRole('link').getAttribute('href')).toBe(href);
  });

  it('does not offer sorting on a column the list cannot sort by', () => {
    render(<DataTable entity={college} rows={rows} searchParams="" sort="name" rowHref={rowHref} />);
    const header = screen.getByRole('columnheader', { name: 'Campus' });
    expect(header.hasAttribute('aria-sort')).toBe(false);
    expect(within(header).queryByRole('link')).toBeNull();
  });

  it('links each row to its edit screen and shows references and coded values by label', () => {
    render(<DataTable entity={college} rows={rows} searchParams="" sort="name" rowHref={rowHref} />);
    const link = screen.getByRole('link', { name: 'CEN' });
    expect(link.getAttribute('href')).toBe(
      '/app/campus-management/colleges/0f3c6a52-8d1e-4c1a-9a77-000000000001/edit',
    );
    const row = link.closest('tr');
    expect(row?.textContent).toContain('Main Campus');
    expect(row?.textContent).toContain('Academic');
  });

  it('shows the empty state when nothing matches', () => {
    render(<DataTable entity={college} rows={[]} searchParams="" sort="name" rowHref={rowHref} />);
    expect(screen.getByText('No colleges found.')).toBeTruthy();
  });

  it('shows the loading state and marks the table busy', () => {
    render(
      <DataTable entity={college} rows={rows} searchParams="" sort="name" rowHref={rowHref} isLoading />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('adds a last column from renderRowEnd', () => {
    render(
      <DataTable
        entity={college}
        rows={rows}
        searchParams=""
        sort="name"
        rowHref={rowHref}
        renderRowEnd={(row) => <span>state of {String(row.code)}</span>}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.getByText('state of CAS')).toBeTruthy();
  });
});
