// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './Pagination.js';

afterEach(cleanup);

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, null, 20]],
    [10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('links to pages keeping the search and marks the current page', () => {
    render(<Pagination count={95} page={2} limit={20} searchParams="q=cruz&sort=-name&page=2" />);
    const current = screen.getByRole('link', { name: 'Page 2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('?q=cruz&sort=-name');
    expect(screen.getByRole('link', { name: 'Page 5' }).getAttribute('href')).toBe(
      '?q=cruz&sort=-name&page=5',
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('?q=cruz&sort=-name&page=3');
    expect(screen.getByText('21–40 of 95')).toBeTruthy();
  });

  it('offers the page size as a GET form that keeps the other choices', () => {
    const { container } = render(
      <Pagination count={95} page={2} limit={20} searchParams="q=cruz&page=2&limit=20" />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(select.name).toBe('limit');
    expect(select.value).toBe('20');
    const form = select.closest('form');
    expect(form?.getAttribute('method')).toBe('get');
    const hidden = [...container.querySelectorAll('input[type=hidden]')].map(
      (i) => `${i.getAttribute('name')}=${i.getAttribute('value')}`,
    );
    expect(hidden).toEqual(['q=cruz']);
  });

  it('says so when there are no records', () => {
    render(<Pagination count={0} page={1} limit={20} searchParams="" />);
    expect(screen.getByText('No records')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });
});
