import type { ResourceOverride } from '../types';
import { SecondFactorResetPanel } from './SecondFactorResetPanel';
import type { SecondFactorResetResult } from './second-factor-reset';
import { ScimPanel } from './ScimPanel';
import type { ScimPanelData, ScimPanelResult } from './scim';
import { SsoClientPanel } from './SsoClientPanel';
import type { SsoClientActionData, SsoClientPanelData } from './sso-client';

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** What Access Management adds to the generic screens of its resources. */
export const resources: Readonly<Record<string, ResourceOverride>> = {
  applications: {
    // Single sign-on (OpenID Connect, SAML), then SCIM provisioning for an IAM administrator; each form gets its answer.
    EditPanel: ({
      data,
      result,
    }: {
      data: { sso: SsoClientPanelData; scim: ScimPanelData | null };
      result?: SsoClientActionData['panelResult'] | ScimPanelResult;
    }) => (
      <>
        <SsoClientPanel panel={data.sso} result={result?.form === 'scim' ? undefined : result} />
        {data.scim ? <ScimPanel panel={data.scim} result={result?.form === 'scim' ? result : undefined} /> : null}
      </>
    ),
  },
  roles: {
    // A role grants modules of its own application.
    referenceSearch: (field, values) => {
      const code = first(values.applicationCode);
      return field === 'moduleIds' && typeof code === 'string' && /^[A-Z]+$/.test(code)
        ? `applicationCode:${code}`
        : undefined;
    },
    formNote: {
      create: 'Choose the application first and save: the role can then grant modules of that application.',
    },
  },
  users: {
    EditPanel: ({ result }: { result?: SecondFactorResetResult['panelResult'] }) => <SecondFactorResetPanel result={result} />,
    // Only an IAM administrator may grant or take away IAM administration (the API enforces it too).
    lockedFields: (user) => (user.iamAdmin ? [] : ['iamAdmin']),
    formNote: {
      create: 'The user signs in with the temporary password and must change it at first sign-in.',
      update: 'Deactivating a user ends their sessions.',
    },
  },
};
