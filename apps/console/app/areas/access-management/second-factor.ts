import type { SubmissionResult } from '@conform-to/react';
import type { FormNoticeData } from '../../lib/answers.server';

export const VERIFY_CODE = 'code';
export const VERIFY_PASSKEY = 'passkey';

export interface SecondFactorFormData {
  /** Conform's reply: what was typed stays, each field's problems beside it. */
  readonly result?: SubmissionResult<string[]>;
  readonly notice?: FormNoticeData;
}

/** The ways this session can pass the step: a code (authenticator app, unless a passkey is required), a passkey. */
export interface SecondFactorWays {
  readonly code: boolean;
  readonly passkey: boolean;
}
