import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { createCookie, data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { DEVICE_KEY_HEADER } from '@campus/api-contract';
import { failureNotice } from '@campus/ui';
import { z } from 'zod';
import { publicApi } from '../../lib/api.server';
import { formAnswerOf, invalidForm, type FormRefusal } from '../../lib/answers.server';
import { config } from '../../lib/config.server';
import { isHttps } from '../../lib/cookies.server';
import { assertSameOrigin } from '../../lib/security.server';
import { assertUploadSize } from './api-answers.server';

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

/** A photo input posts a nameless empty file when no photo was taken: that is no photo. */
const photo = z.preprocess((value) => (value instanceof File && value.size > 0 ? value : undefined), z.custom<File>().optional());

/**
 * The kiosk's forms, one per intent: sign the device in with its key, sign it out, and clock in or out (the contract's
 * `ClockForm`: the photo, for a liveness challenge its id and the second photo, the coordinates), every field checked
 * by the API, which says why a photo is refused. A photo taken with the camera sends the clock form by itself, with
 * no button pressed: a form without an intent is a clock.
 */
export const KioskForm = z.preprocess(
  (form) => (form && typeof form === 'object' && !('intent' in form) ? { ...form, intent: 'clock' } : form),
  z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('sign-in'), deviceKey: z.string().trim().default('') }),
    z.object({ intent: z.literal('sign-out') }),
    z.object({ intent: z.literal('clock'), photo, photo2: photo, challenge: z.string().trim().optional(), coordinates: z.string().trim().optional() }),
  ]),
);

/** The refusal of a device key: the same answer for an empty key and one the API does not know. */
function refusedKey(submission: Submission<unknown>) {
  const notice = failureNotice('This device key is not valid.');
  return data<FormRefusal>(
    { result: submission.reply({ fieldErrors: { deviceKey: ['Enter the key shown when the device was registered.'] } }), notice },
    { status: 401 },
  );
}

/**
 * `intent=sign-in` keeps a valid device key in the kiosk cookie; `sign-out` forgets it; `clock` sends the photo
 * (and, for a liveness challenge, the second photo) with the device key and shows who was recognised.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  assertUploadSize(request);
  const submission = parseWithZod(await request.formData(), { schema: KioskForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const cookie = kioskCookie(request);
  if (form.intent === 'sign-out') return redirect('/kiosk', { headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) } });
  if (form.intent === 'sign-in') {
    const result = form.deviceKey ? await kioskOf(form.deviceKey, context) : null;
    if (!result || result.status !== 200) return refusedKey(submission);
    return redirect('/kiosk', { headers: { 'Set-Cookie': await cookie.serialize(form.deviceKey) } });
  }
  const key = await deviceKeyOf(request);
  if (!key) return redirect('/kiosk');
  const outgoing = new FormData();
  for (const name of ['photo', 'photo2'] as const) {
    const file = form[name];
    if (file) outgoing.append(name, file, file.name || `${name}.jpg`);
  }
  for (const name of ['coordinates', 'challenge'] as const) {
    const value = form[name];
    if (value) outgoing.append(name, value);
  }
  const result = await publicApi(context).frs.clock({ body: outgoing, extraHeaders: { [DEVICE_KEY_HEADER]: key } });
  // Every refusal is said on the kiosk, in the API's words: a photo without a face, a revoked key, a photo too large.
  const answer = formAnswerOf(result, 200, submission, { notice: failureNotice, shownStatuses: [401, 413], hideFields: ['photo', 'photo2'] });
  if (answer.refusal) return answer.refusal;
  return { result: submission.reply(), clocked: answer.body.data };
}
