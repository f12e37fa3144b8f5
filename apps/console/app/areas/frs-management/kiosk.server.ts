import { createCookie, data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { DEVICE_KEY_HEADER } from '@campus/api-contract';
import { publicApi } from '../../lib/api.server';
import { config } from '../../lib/config.server';
import { isHttps } from '../../lib/cookies.server';
import { assertSameOrigin } from '../../lib/security.server';
import { assertUploadSize, problemOf } from './api-answers.server';

/** The device key of the kiosk, kept by the device's browser (HttpOnly, signed, one year). */
function kioskCookie(request: Request) {
  return createCookie('msc.kiosk', {
    // '/': the page's data requests (`/kiosk.data`) must carry it too.
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    secrets: [config().sessionSecret],
    maxAge: 60 * 60 * 24 * 365,
  });
}

async function deviceKeyOf(request: Request): Promise<string | null> {
  const value: unknown = await kioskCookie(request).parse(request.headers.get('cookie'));
  return typeof value === 'string' && value ? value : null;
}

async function kioskOf(key: string, context: AppLoadContext | undefined) {
  return publicApi(context).frs.getKiosk({ extraHeaders: { [DEVICE_KEY_HEADER]: key } });
}

/** The device signed in on this browser (by its key) and the liveness challenge to ask for, if any. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const key = await deviceKeyOf(request);
  if (!key) return { kiosk: null };
  const result = await kioskOf(key, context);
  if (result.status !== 200) return { kiosk: null, problem: 'This device key is no longer valid. Ask HR for a new one.' };
  return { kiosk: result.body.data };
}

/**
 * `intent=sign-in` keeps a valid device key in the kiosk cookie; `sign-out` forgets it; `clock` sends the photo
 * (and, for a liveness challenge, the second photo) with the device key and shows who was recognised.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  assertUploadSize(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const cookie = kioskCookie(request);
  if (intent === 'sign-out') return redirect('/kiosk', { headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) } });
  if (intent === 'sign-in') {
    const key = String(form.get('deviceKey') ?? '').trim();
    const result = key ? await kioskOf(key, context) : null;
    if (!result || result.status !== 200) {
      return data({ ...problemOf({ message: 'This device key is not valid.', fieldErrors: { deviceKey: ['Enter the key shown when the device was registered.'] } }) }, { status: 401 });
    }
    return redirect('/kiosk', { headers: { 'Set-Cookie': await cookie.serialize(key) } });
  }
  const key = await deviceKeyOf(request);
  if (!key) return redirect('/kiosk');
  const outgoing = new FormData();
  for (const name of ['photo', 'photo2']) {
    const file = form.get(name);
    if (file && typeof file !== 'string' && file.size > 0) outgoing.append(name, file, file.name || `${name}.jpg`);
  }
  for (const name of ['coordinates', 'challenge']) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim()) outgoing.append(name, value.trim());
  }
  const result = await publicApi(context).frs.clock({ body: outgoing as never, extraHeaders: { [DEVICE_KEY_HEADER]: key } });
  if (result.status !== 200) return data(problemOf(result.body), { status: result.status });
  return { clocked: result.body.data };
}

