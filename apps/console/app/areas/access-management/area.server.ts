import type { ResourceServerOverride } from '../types';
import { RESET_SECOND_FACTOR } from './second-factor-reset';
import { resetSecondFactorAction } from './second-factor-reset.server';
import { SSO_INTENTS } from './sso-client';
import { loadSsoClient, ssoClientAction } from './sso-client.server';
import { SAVE_SCIM } from './scim';
import { loadScim, scimAction } from './scim.server';

/** Server side of Access Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // An application also carries its single sign-on settings and (for an IAM administrator) its SCIM provisioning.
  applications: {
    editPanel: async (request, id) => {
      const [sso, scim] = await Promise.all([loadSsoClient(request, id), loadScim(request, id)]);
      return { sso, scim };
    },
    editIntents: {
      intents: [...SSO_INTENTS, SAVE_SCIM],
      action: (request, id, form) => (form.get('intent') === SAVE_SCIM ? scimAction(request, id, form) : ssoClientAction(request, id, form)),
    },
  },
  // A user's authenticator can be reset by the IAM administrators (the API decides who).
  users: { editIntents: { intents: [RESET_SECOND_FACTOR], action: (request, id) => resetSecondFactorAction(request, id) } },
};
