import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { KioskForm } from './kiosk.server';

/** A kiosk form as the browser posts it. */
function posted(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const parse = (fields: Record<string, string | File>) => parseWithZod(posted(fields), { schema: KioskForm, disableAutoCoercion: true });

describe('the kiosk’s forms', () => {
  it('reads the device key trimmed, and an empty one as empty', () => {
    const signIn = parse({ intent: 'sign-in', deviceKey: '  frs.abc  ' });
    expect(signIn.status === 'success' && signIn.value).toEqual({ intent: 'sign-in', deviceKey: 'frs.abc' });
    const empty = parse({ intent: 'sign-in', deviceKey: '' });
    expect(empty.status === 'success' && empty.value).toEqual({ intent: 'sign-in', deviceKey: '' });
  });

  it('takes a form the camera sent without a button as a clock, its empty second photo as none', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'probe.jpg', { type: 'image/jpeg' });
    const clock = parse({ photo, photo2: new File([], ''), coordinates: ' 14.6537, 121.0685 ', challenge: '' });
    expect(clock.status).toBe('success');
    if (clock.status !== 'success' || clock.value.intent !== 'clock') throw new Error('Not a clock.');
    expect(clock.value.photo?.name).toBe('probe.jpg');
    expect(clock.value.photo2).toBeUndefined();
    expect(clock.value.coordinates).toBe('14.6537, 121.0685');
    expect(clock.value.challenge).toBe('');
  });

  it('refuses an intent it does not know', () => {
    expect(parse({ intent: 'unlock' }).status).toBe('error');
  });
});
