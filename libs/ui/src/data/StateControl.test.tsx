// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StateControl } from './StateControl.js';
import { sampleCollegeEntity as college, sampleTermEntity as term } from './sample-entities.js';

afterEach(cleanup);
const id = '0f3c6a52-8d1e-4c1a-9a77-000000000001';

function posted(button: HTMLElement): Record<string, string> {
  const form = button.closest('form') as HTMLFormElement;
  const data = new FormData(form);
  const name = button.getAttribute('name');
  if (name) data.append(name, button.getAttribute('value') ?? '');
  return Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
}

describe('StateControl', () => {
  it.each([
    [true, 'false'],
    [false, 'true'],
  ])('an isActive switch that is %s posts isActive=%s with the intent and id', (isActive, next) => {
    render(
      <StateControl entity={college} row={{ _id: id, name: 'Engineering', isActive }} returnTo="?page=2" />,
    );
    const toggle = screen.getByRole('switch', { name: 'Engineering active' });
    expect(toggle.getAttribute('aria-checked')).toBe(String(isActive));
    expect(toggle.closest('form')?.getAttribute('method')).toBe('post');
    expect(posted(toggle)).toEqual({ intent: 'set-state', id, returnTo: '?page=2', isActive: next });
  });

  it('offers only the current status and the lifecycle’s next statuses', () => {
    render(<StateControl entity={term} row={{ _id: id, description: 'First term', status: 'UPCOMING' }} />);
    const select = screen.getByRole('combobox', { name: 'Status of First term' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['UPCOMING', 'OPEN']);
    expect(select.name).toBe('status');
    expect(screen.getByRole('button', { name: 'Set status of First term' })).toBeTruthy();
  });

  it('shows a final status as text without a form', () => {
    render(<StateControl entity={term} row={{ _id: id, description: 'Old term', status: 'CLOSED' }} />);
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
