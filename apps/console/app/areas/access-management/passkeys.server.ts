import { data } from '@remix-run/node';
import { z } from 'zod';
import { problemOf } from '../../lib/answers.server';
import type { PasskeyOptionsAnswer } from './passkey-ceremony';

/**
 * A WebAuthn answer as a form posts it (one field of JSON, written by the page's script), checked by the contract's
 * schema once parsed; text that is not JSON is refused by that schema like any other wrong value.
 */
export function jsonField<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string' || value.length > 60_000) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}

/** A check box as a form posts it: present (`on`) when ticked. */
export const ticked = z.preprocess((value) => value === 'on' || value === 'true', z.boolean());

/** The answer to `intent=passkey-options`: the API's ceremony, or its message for the page to show. */
export function passkeyOptionsAnswer(result: { status: number; body: unknown }) {
  if (result.status === 200) {
    const { data: ceremony } = result.body as { data: NonNullable<PasskeyOptionsAnswer['ceremony']> };
    return data<PasskeyOptionsAnswer>({ ceremony });
  }
  const problem = problemOf(result.body).message || 'The passkey request could not be started. Try again.';
  return data<PasskeyOptionsAnswer>({ problem }, { status: result.status === 429 ? 429 : 400 });
}
