import { data } from '@remix-run/node';
import { signedIn } from '../../lib/request.server';
import { cookiesFor } from '../../lib/cookies.server';

export interface TwoFactorActionData {
  readonly enrolment?: { secret: string; /** The QR code as a data: address (SVG). */ qrSrc?: string };
  readonly recoveryCodes?: string[];
  readonly message?: string;
  /** A change that went through (shown as a status, not an alert). */
  readonly notice?: string;
  readonly fieldErrors?: { code?: string };
}

export async function loadTwoFactor(request: Request) {
  const result = await (await signedIn(request)).api.secondFactor.getSecondFactor();
  return result.status === 200
    ? result.body.data
    : { enrolled: false, recoveryCodesLeft: 0, required: false };
}

/** `intent=start`: a new secret and its QR code; `intent=confirm`: the first code, then the recovery codes once. */
export async function twoFactorAction(request: Request, form: FormData) {
  const { api } = await signedIn(request);
  if (form.get('intent') === 'start') {
    const result = await api.secondFactor.startSecondFactorEnrolment();
    if (result.status !== 200)
      return data<TwoFactorActionData>(
        { message: (result.body as { message?: string }).message },
        { status: result.status },
      );
    const qrSrc = `data:image/svg+xml;base64,${Buffer.from(result.body.data.qrSvg).toString('base64')}`;
    return data<TwoFactorActionData>({ enrolment: { secret: result.body.data.secret, qrSrc } });
  }
  if (form.get('intent') === 'off') {
    const code = String(form.get('code') ?? '').trim();
    if (!code) return data<TwoFactorActionData>({ message: 'Enter the 6-digit code or a recovery code.', fieldErrors: { code: 'Enter the 6-digit code or a recovery code.' } }, { status: 400 });
    const result = await api.secondFactor.turnOffSecondFactor({ body: { code } });
    if (result.status !== 200) {
      const message = (result.body as { message?: string }).message ?? 'Two-factor sign-in could not be turned off.';
      return data<TwoFactorActionData>({ message, fieldErrors: { code: message } }, { status: result.status });
    }
    return data<TwoFactorActionData>({ notice: 'Two-factor sign-in is off.' });
  }
  const code = String(form.get('code') ?? '').trim();
  const secret = String(form.get('secret') ?? '');
  const result = await api.secondFactor.confirmSecondFactorEnrolment({ body: { code } });
  if (result.status !== 200) {
    const message = (result.body as { message?: string }).message ?? 'Enter the 6-digit code.';
    return data<TwoFactorActionData>(
      { enrolment: { secret }, message, fieldErrors: { code: message } },
      { status: 400 },
    );
  }
  // A session that had to enrol is whole now; an application waiting for this sign-in gets its answer.
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const headers = new Headers();
  if (session.get('secondFactor') === 'enrol') {
    const uid = session.get('signInRequest');
    session.unset('secondFactor');
    session.unset('signInRequest');
    headers.append('Set-Cookie', await storage.commitSession(session));
    if (uid && session.get('token')) {
      // The recovery codes are shown once: the application can wait for the user to note them.
      return data<TwoFactorActionData & { continueTo?: string }>(
        {
          recoveryCodes: result.body.data.recoveryCodes,
          continueTo: `/auth?interaction=${encodeURIComponent(uid)}`,
        },
        { headers },
      );
    }
  }
  return data<TwoFactorActionData>({ recoveryCodes: result.body.data.recoveryCodes }, { headers });
}
