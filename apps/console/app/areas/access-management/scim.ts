import type { SubmissionResult } from '@conform-to/react';
import type { ScimDelivery, ScimTarget } from '@campus/api-contract';

export const SAVE_SCIM = 'save-scim';
/** Deliveries shown on the application's edit screen; the whole log is a screen of its own. */
export const SCIM_RECENT = 5;

/** An application's SCIM provisioning on its edit screen (null for anyone but an IAM administrator). */
export interface ScimPanelData {
  readonly target: Omit<ScimTarget, 'deliveries'>;
  readonly recent: readonly ScimDelivery[];
  readonly deliveryCount: number;
}

/** What saving the SCIM form answers (`form: 'scim'` tells it from the single sign-on forms' answers). */
export interface ScimPanelResult {
  readonly form: 'scim';
  readonly notice: { readonly tone: 'error' | 'success' | 'warning' | 'info'; readonly title: string; readonly description: string };
  /** The refused form: what was typed (never the token) and each field's problems (Conform's reply). */
  readonly result?: SubmissionResult<string[]>;
}

/** The delivery log screen's address for an application. */
export const scimLogPath = (applicationId: string) => `/app/access-management/applications/${applicationId}/scim-deliveries`;
