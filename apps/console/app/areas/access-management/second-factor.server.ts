import { parseWithZod } from '@conform-to/zod';
import { createCookie, redirect, type Cookie } from '@remix-run/node';
import { PasskeyAuthenticationResponseSchema, secondFactorContract, VerifyPasskeySecondFactorSchema } from '@campus/api-contract';
import { failureNotice } from '@campus/ui';
import { z } from 'zod';
import { apiWithToken } from '../../lib/api.server';
import { formAnswerOf, invalidForm } from '../../lib/answers.server';
import { VERIFY_CODE, VERIFY_PASSKEY, type SecondFactorWays } from './second-factor';
import { config } from '../../lib/config.server';
import { cookiesFor, isHttps, readSession } from '../../lib/cookies.server';
import { noticeCookie } from '../../lib/notice.server';
import { rememberedPath } from '../../lib/redirect.server';
import { continueSignInRequestFromForm } from './sign-in-request.server';
import { PASSKEY_OPTIONS } from './passkey-ceremony';
import { jsonField, passkeyOptionsAnswer, ticked } from './passkeys.server';

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

/** Only a session that still owes the second factor has anything to do on the step; null sends it back to /auth. */
export async function secondFactorWays(request: Request): Promise<SecondFactorWays | null> {
  const { token, secondFactor } = await readSession(request);
  if (!token || secondFactor !== 'verify') return null;
  const status = await apiWithToken(token, request).secondFactor.getSecondFactor();
  if (status.status !== 200) return null;
  const { enrolled, passkeys, passkeyRequired } = status.body.data;
  return { code: enrolled && !passkeyRequired, passkey: passkeys > 0 };
}

/** The step's forms, read with the contract's schemas: the code, and the passkey's answer (posted by the page's script). */
const SecondFactorStepForm = z.discriminatedUnion('intent', [
  secondFactorContract.verifySecondFactor.body.extend({ intent: z.literal(VERIFY_CODE), rememberDevice: ticked }).strip(),
  z.object({ intent: z.literal(PASSKEY_OPTIONS) }),
  VerifyPasskeySecondFactorSchema.extend({
    intent: z.literal(VERIFY_PASSKEY),
    response: jsonField(PasskeyAuthenticationResponseSchema),
    rememberDevice: ticked,
  }).strip(),
]);

/**
 * The second step after the password: an authenticator code (or a recovery code) or a passkey. On success the session
 * is whole again and the user goes on (or back to the application that asked); after too many wrong codes the API
 * ends the session and the user starts again at /auth.
 */
export async function verifySecondFactor(request: Request, form: FormData) {
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const token = session.get('token');
  if (!token || session.get('secondFactor') !== 'verify') throw redirect('/auth');
  const api = apiWithToken(token, request);
  const submission = parseWithZod(form, { schema: SecondFactorStepForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  if (input.intent === PASSKEY_OPTIONS) return passkeyOptionsAnswer(await api.passkeys.startPasskeySecondFactor());
  const result =
    input.intent === VERIFY_PASSKEY
      ? await api.passkeys.verifyPasskeySecondFactor({
          body: { challengeId: input.challengeId, response: input.response, rememberDevice: input.rememberDevice },
        })
      : await api.secondFactor.verifySecondFactor({ body: { code: input.code, rememberDevice: input.rememberDevice } });
  if (result.status === 401 || result.status === 429 || result.status >= 500) {
    // Locked after too many wrong codes (the API ended the session), the session expired, or too many attempts.
    const headers = new Headers();
    if (result.status === 401) headers.append('Set-Cookie', await storage.destroySession(session));
    headers.append('Set-Cookie', await noticeCookie(request, failureNotice((result.body as { message?: string }).message)));
    throw redirect(result.status === 401 ? '/auth' : '/auth/second-factor', { headers });
  }
  const answer = formAnswerOf(result, 200, submission, { hideFields: ['response', 'challengeId'] });
  if (answer.refusal) return answer.refusal;
  const uid = session.get('signInRequest');
  const mustChangePassword = session.get('mustChangePassword');
  session.unset('secondFactor');
  // After a temporary password the request waits for the new one (reset-password goes on with it).
  if (!mustChangePassword) session.unset('signInRequest');
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.commitSession(session));
  const { rememberedDevice } = answer.body.data as { rememberedDevice?: string };
  if (rememberedDevice) headers.append('Set-Cookie', await deviceCookie(request).serialize(rememberedDevice));
  if (uid && !mustChangePassword) return continueSignInRequestFromForm(token, uid, headers);
  throw redirect(mustChangePassword ? '/reset-password' : await rememberedPath(request), { headers });
}
