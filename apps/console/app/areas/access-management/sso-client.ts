import type { SubmissionResult } from '@conform-to/react';
import type { SsoClient } from '@campus/api-contract';
import type { SsoClientSettings } from '@campus/domain-iam';

export const SAVE_SSO_CLIENT = 'save-sso-client';
export const ROTATE_SSO_SECRET = 'rotate-sso-secret';
export const SSO_INTENTS: readonly string[] = [SAVE_SSO_CLIENT, ROTATE_SSO_SECRET];

/** The single sign-on settings shown on an application's edit screen. */
export interface SsoClientPanelData {
  readonly client: SsoClient | null;
  readonly defaults: Omit<SsoClientSettings, 'clientId' | 'redirectUris'>;
}

export interface SsoClientActionData {
  readonly panelResult: {
    /** The secret just generated: shown on this answer only. */
    readonly clientSecret?: string;
    readonly message?: string;
    /** The refused settings form: what was typed and each field's problems (Conform's reply). */
    readonly result?: SubmissionResult<string[]>;
  };
}
