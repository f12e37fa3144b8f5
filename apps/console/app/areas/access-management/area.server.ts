import type { ResourceServerOverride } from '../types';
import { RESET_SECOND_FACTOR } from './second-factor-reset';
import { resetSecondFactorAction } from './second-factor-reset.server';
import { SSO_INTENTS } from './sso-client';
import { loadSsoClient, ssoClientAction } from './sso-client.server';

/** Server side of Access Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // An application also carries its single sign-on client settings.
  applications: { editPanel: loadSsoClient, editIntents: { intents: SSO_INTENTS, action: ssoClientAction } },
  // A user's authenticator can be reset by the IAM administrators (the API decides who).
  users: { editIntents: { intents: [RESET_SECOND_FACTOR], action: (request, id) => resetSecondFactorAction(request, id) } },
};
