import { Logo } from '@campus/ui';
import type { SignInPanel } from '@campus/domain-iam';
import { APP_TITLE, APP_VERSION, UNIVERSITY_NAME } from '../lib/constants';

const DEFAULT_MISSION =
  'To provide accessible, relevant and quality higher education, advanced research and extension services that develop competent, ethical and service-oriented graduates for the nation.';
const DEFAULT_VISION = 'A premier state university of excellence, innovation and inclusive growth in the region and beyond.';

/**
 * The side panel of the auth layout (spec §1): logo, mission and vision of a state university — as set in
 * `/app/settings` when `panel` is given, else the defaults.
 */
export function AuthPanel({ panel }: { panel?: SignInPanel | null }) {
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {panel?.logoUrl ? <img src={panel.logoUrl} alt="" width={48} height={48} /> : <Logo />}
        <div>
          <strong>{panel?.organisationName && panel.organisationName !== APP_TITLE ? panel.organisationName : UNIVERSITY_NAME}</strong>
          <div>{APP_TITLE}</div>
        </div>
      </div>
      <h2>Mission</h2>
      <p data-testid="auth-mission">{panel?.mission || DEFAULT_MISSION}</p>
      <h2>Vision</h2>
      <p data-testid="auth-vision">{panel?.vision || DEFAULT_VISION}</p>
      <p className="cas-version" style={{ color: '#fff' }}>
        Version {APP_VERSION}
      </p>
    </>
  );
}
