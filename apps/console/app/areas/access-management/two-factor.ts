import type { SubmissionResult } from '@conform-to/react';
import type { Passkey } from '@campus/api-contract';
import type { FormNoticeData } from '../../lib/answers.server';

/** The intents of the two-factor settings page. */
export const START_TOTP = 'start';
export const CONFIRM_TOTP = 'confirm';
export const TURN_OFF_TOTP = 'off';
export const REGISTER_PASSKEY = 'register-passkey';
export const RENAME_PASSKEY = 'rename-passkey';
export const REMOVE_PASSKEY = 'remove-passkey';

export interface TwoFactorActionData {
  /** Conform's reply: what was typed stays, each field's problems beside it. */
  readonly result?: SubmissionResult<string[]>;
  readonly notice?: FormNoticeData;
  readonly enrolment?: { secret: string; /** The QR code as a data: address (SVG). */ qrSrc?: string };
  readonly recoveryCodes?: string[];
  /** An application waiting for this sign-in, once an owed enrolment is done. */
  readonly continueTo?: string;
}

export interface TwoFactorPage {
  readonly status: { enrolled: boolean; recoveryCodesLeft: number; required: boolean; passkeys: number; passkeyRequired: boolean };
  readonly passkeys: Passkey[];
}
