import { createCookie, data, redirect, type Cookie } from '@remix-run/node';
import { failureNotice } from '@campus/ui';
import { apiWithToken } from '../../lib/api.server';
import { config } from '../../lib/config.server';
import { cookiesFor, isHttps } from '../../lib/cookies.server';
import { noticeCookie } from '../../lib/notice.server';
import { rememberedPath } from '../../lib/redirect.server';
import { continueSignInRequestFromForm } from './sign-in-request.server';

/** The remembered-device cookie: 30 days at most (the API's limit too). */
export const DEVICE_COOKIE_NAME = 'msc.device';
const DEVICE_MAX_AGE = 30 * 24 * 60 * 60;
const deviceCookies = new Map<boolean, Cookie>();

function deviceCookie(request: Request): Cookie {
  const secure = isHttps(request);
  let cookie = deviceCookies.get(secure);
  if (!cookie) {
    cookie = createCookie(DEVICE_COOKIE_NAME, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure,
      secrets: [config().sessionSecret],
      maxAge: DEVICE_MAX_AGE,
    });
    deviceCookies.set(secure, cookie);
  }
  return cookie;
}

/** The headers that tell the API this browser was remembered (sent with the password). */
export async function rememberedDeviceHeaders(request: Request): Promise<Record<string, string>> {
  const token = (await deviceCookie(request).parse(request.headers.get('cookie'))) as unknown;
  return typeof token === 'string' && token ? { 'x-remembered-device': token } : {};
}

export interface SecondFactorFormData {
  readonly message?: string;
  readonly fieldErrors?: { code?: string };
}

/** The code after the password: on success the session is whole again and the user goes on (or back to the application). */
export async function verifySecondFactor(request: Request, form: FormData) {
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const token = session.get('token');
  if (!token || session.get('secondFactor') !== 'verify') throw redirect('/auth');
  const code = String(form.get('code') ?? '').trim();
  if (code.length < 6) {
    return data<SecondFactorFormData>(
      {
        message: 'Please fillup required fields.',
        fieldErrors: { code: 'Enter the 6-digit code or a recovery code.' },
      },
      { status: 400 },
    );
  }
  const result = await apiWithToken(token).secondFactor.verifySecondFactor({
    body: { code, rememberDevice: form.get('rememberDevice') === 'on' },
  });
  if (result.status === 400) {
    const message = (result.body as { message?: string }).message;
    return data<SecondFactorFormData>({ message, fieldErrors: { code: message } }, { status: 400 });
  }
  if (result.status !== 200) {
    // Locked after too many wrong codes (the API ended the session), or the session expired.
    const headers = new Headers();
    headers.append('Set-Cookie', await storage.destroySession(session));
    headers.append(
      'Set-Cookie',
      await noticeCookie(request, failureNotice((result.body as { message?: string }).message)),
    );
    throw redirect('/auth', { headers });
  }
  const uid = session.get('signInRequest');
  const mustChangePassword = session.get('mustChangePassword');
  session.unset('secondFactor');
  // After a temporary password the request waits for the new one (reset-password goes on with it).
  if (!mustChangePassword) session.unset('signInRequest');
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.commitSession(session));
  if (result.body.data.rememberedDevice)
    headers.append('Set-Cookie', await deviceCookie(request).serialize(result.body.data.rememberedDevice));
  if (uid && !session.get('mustChangePassword')) return continueSignInRequestFromForm(token, uid, headers);
  throw redirect(session.get('mustChangePassword') ? '/reset-password' : await rememberedPath(request), {
    headers,
  });
}
