import { Logo } from '@campus/ui';
import { APP_TITLE, APP_VERSION, UNIVERSITY_NAME } from '../lib/constants';

/** The side panel of the auth layout (spec §1): logo, mission and vision of a state university. */
export function AuthPanel() {
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Logo />
        <div>
          <strong>{UNIVERSITY_NAME}</strong>
          <div>{APP_TITLE}</div>
        </div>
      </div>
      <h2>Mission</h2>
      <p>
        To provide accessible, relevant and quality higher education, advanced research and extension services that
        develop competent, ethical and service-oriented graduates for the nation.
      </p>
      <h2>Vision</h2>
      <p>A premier state university of excellence, innovation and inclusive growth in the region and beyond.</p>
      <p className="cas-version" style={{ color: '#fff' }}>
        Version {APP_VERSION}
      </p>
    </>
  );
}
