import { Logo } from '@campus/ui';
import { DEFAULT_ORGANISATION, type SignInPanel } from '@campus/domain-iam';
import { APP_TITLE, APP_VERSION } from '../lib/constants';

/**
 * The side panel of the auth layout (spec §1): logo, mission and vision of a state university — as `/app/settings`
 * holds them (the API answers the product's defaults until they are changed); the same defaults when the API
 * cannot be reached.
 */
export function AuthPanel({ panel }: { panel?: SignInPanel | null }) {
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {panel?.logoUrl ? <img src={panel.logoUrl} alt="" width={48} height={48} /> : <Logo />}
        <div>
          <strong>{panel?.organisationName || DEFAULT_ORGANISATION.organisationName}</strong>
          <div>{APP_TITLE}</div>
        </div>
      </div>
      <h2>Mission</h2>
      <p data-testid="auth-mission">{panel?.mission || DEFAULT_ORGANISATION.mission}</p>
      <h2>Vision</h2>
      <p data-testid="auth-vision">{panel?.vision || DEFAULT_ORGANISATION.vision}</p>
      <p className="cas-version" style={{ color: '#fff' }}>
        Version {APP_VERSION}
      </p>
    </>
  );
}
