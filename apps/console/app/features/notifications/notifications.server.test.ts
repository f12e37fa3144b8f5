import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { MarkReadForm } from './notifications.server';

/** A form of the notification centre as the browser posts it. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const parse = (fields: Record<string, string>) => parseWithZod(posted(fields), { schema: MarkReadForm });

describe('the notification centre’s forms', () => {
  it('reads one notice and the page it was marked on', () => {
    const one = parse({ id: ' 6c1e2f1a-3b4c-4d5e-8f90-a1b2c3d4e5f6 ', page: '3', intent: 'one' });
    expect(one.status === 'success' && one.value).toEqual({ intent: 'one', id: '6c1e2f1a-3b4c-4d5e-8f90-a1b2c3d4e5f6', page: 3 });
  });

  it('reads "all", on the first page when the page is missing or not a page', () => {
    const all = parse({ intent: 'all' });
    expect(all.status === 'success' && all.value).toEqual({ intent: 'all', page: 1 });
    const odd = parse({ intent: 'all', page: '-4' });
    expect(odd.status === 'success' && odd.value).toEqual({ intent: 'all', page: 1 });
  });

  it('refuses a form without a notice or an intent it does not know', () => {
    expect(parse({ intent: 'one', page: '1' }).status).toBe('error');
    expect(parse({ intent: 'delete' }).status).toBe('error');
  });
});
