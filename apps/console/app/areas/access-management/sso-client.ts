import type { SubmissionResult } from '@conform-to/react';
import type { SamlServiceProvider, SsoClient } from '@campus/api-contract';
import type { SsoClientSettings } from '@campus/domain-iam';

export const SAVE_SSO_CLIENT = 'save-sso-client';
export const ROTATE_SSO_SECRET = 'rotate-sso-secret';
export const SAVE_SAML_SP = 'save-saml-sp';
export const SSO_INTENTS: readonly string[] = [SAVE_SSO_CLIENT, ROTATE_SSO_SECRET, SAVE_SAML_SP];

/** The single sign-on settings shown on an application's edit screen. */
export interface SsoClientPanelData {
  readonly client: SsoClient | null;
  readonly defaults: Omit<SsoClientSettings, 'clientId' | 'redirectUris'>;
  /** The application's SAML service provider (null when it has none). */
  readonly saml: SamlServiceProvider | null;
}

export interface SsoClientActionData {
  readonly panelResult: {
    /** The secret just generated: shown on this answer only. */
    readonly clientSecret?: string;
    readonly message?: string;
    /** The refused settings form: what was typed and each field's problems (Conform's reply). */
    readonly result?: SubmissionResult<string[]>;
    /** Which form the answer is for (the OpenID Connect one unless said). */
    readonly form?: 'saml';
  };
}
