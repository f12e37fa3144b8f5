import type { ReactNode } from 'react';
import { Avatar } from '../components/Avatar.js';
import { useLinkComponent } from '../components/Link.js';

export interface AppHeaderProps {
  children: ReactNode;
  label?: string;
}

/** The burgundy bar at the top of the home and admin layouts. */
export function AppHeader({ children, label = 'Header' }: AppHeaderProps) {
  return (
    <header className="cas-header" aria-label={label}>
      {children}
    </header>
  );
}

export function HeaderSpacer() {
  return <span className="cas-header__spacer" />;
}

export interface LogoProps {
  /** Short mark inside the round logo. */
  mark?: string;
}

export function Logo({ mark = 'CAS' }: LogoProps) {
  return (
    <span className="cas-logo" aria-hidden="true">
      {mark}
    </span>
  );
}

export interface HeaderBrandProps {
  href: string;
  name: string;
}

export function HeaderBrand({ href, name }: HeaderBrandProps) {
  const Link = useLinkComponent();
  return (
    <Link href={href} className="cas-header__brand">
      <Logo />
      <span className="cas-header__brand-name">{name}</span>
    </Link>
  );
}

export interface HeaderUserProps {
  href: string;
  firstName: string;
  lastName: string;
  /** The fixed label of spec §1 / §6. */
  role?: string;
  avatarSrc?: string | null;
}

/** The signed-in user's first and last name with the role label and avatar; links to the profile. */
export function HeaderUser({ href, firstName, lastName, role = 'System Administrator', avatarSrc }: HeaderUserProps) {
  const Link = useLinkComponent();
  return (
    <Link href={href} className="cas-header__user">
      <Avatar firstName={firstName} lastName={lastName} src={avatarSrc} size={36} />
      <span className="cas-header__user-text">
        <span>
          {firstName} {lastName}
        </span>
        <span className="cas-header__user-role">{role}</span>
      </span>
    </Link>
  );
}
