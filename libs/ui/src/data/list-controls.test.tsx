// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBar, filterChoicesOf } from './FilterBar.js';
import { SearchForm } from './SearchForm.js';
import {
  sampleCampuses,
  sampleCollegeEntity as college,
  sampleTermEntity as term,
} from './sample-entities.js';

afterEach(cleanup);

describe('SearchForm', () => {
  it('is a GET search form with q that keeps filters and sort but not the page', () => {
    const { container } = render(
      <SearchForm q="cruz" searchParams="q=old&kind=1&sort=-name&page=4" label="Search colleges" />,
    );
    const form = screen.getByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    const box = screen.getByRole('searchbox', { name: 'Search colleges' }) as HTMLInputElement;
    expect(box.name).toBe('q');
    expect(box.value).toBe('cruz');
    const hidden = [...container.querySelectorAll('input[type=hidden]')].map((i) => i.getAttribute('name'));
    expect(hidden).toEqual(['kind', 'sort']);
  });
});

describe('FilterBar', () => {
  it.each([
    ['kind', ['Academic', 'Research']],
    ['isActive', ['Active', 'Inactive']],
    ['campusId', ['Main Campus', 'North Campus']],
  ])('offers the choices of %s', (name, labels) => {
    expect(filterChoicesOf(college, name, { campusId: sampleCampuses })?.map((c) => c.label)).toEqual(labels);
  });

  it('offers the statuses of a lifecycle', () => {
    expect(filterChoicesOf(term, 'status')?.map((c) => c.value)).toEqual(['UPCOMING', 'OPEN', 'CLOSED']);
  });

  it('renders one labelled select per filter field with the chosen value', () => {
    render(
      <FilterBar
        entity={college}
        values={{ kind: '2' }}
        referenceOptions={{ campusId: sampleCampuses }}
        searchParams="q=x&kind=2"
      />,
    );
    expect((screen.getByRole('combobox', { name: 'Campus' }) as HTMLSelectElement).name).toBe('campusId');
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('combobox', { name: 'Active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('?q=x');
  });
});
