import { data } from '@remix-run/node';
import { signedIn } from '../../lib/request.server';
import type { SecondFactorResetResult } from './second-factor-reset';

/** `intent=reset-second-factor` of a user's edit screen: the API decides who may, and audits it. */
export async function resetSecondFactorAction(request: Request, userId: string) {
  const { api } = await signedIn(request);
  const result = await api.secondFactor.resetUserSecondFactor({ params: { id: userId } });
  if (result.status === 200) {
    const message = result.body.data.reset
      ? 'Two-factor sign-in was reset. The user was signed out and can set it up again after signing in with their password.'
      : 'This user has no two-factor sign-in to reset.';
    return data<SecondFactorResetResult>({ panelResult: { message, ok: true } });
  }
  const message = (result.body as { message?: string }).message ?? 'Two-factor sign-in could not be reset.';
  return data<SecondFactorResetResult>({ panelResult: { message, ok: false } }, { status: result.status });
}
