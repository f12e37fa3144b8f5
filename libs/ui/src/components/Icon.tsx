import type { SVGProps } from 'react';

const paths = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  logout: 'M15 12H4m0 0 4-4m-4 4 4 4M10 4h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-8',
  apps: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  home: 'M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0',
  check: 'M5 12.5 10 17 19 7',
  close: 'M6 6l12 12M18 6 6 18',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  folder: 'M3 6h6l2 2h10v11H3z',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronDown: 'M5 9l7 7 7-7',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M8 14h8',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  building: 'M4 21V5l8-3 8 3v16M9 21v-4h6v4M8 9h2M14 9h2M8 13h2M14 13h2',
  chat: 'M4 5h16v11H8l-4 4z',
  support: 'M12 3a8 8 0 0 0-8 8v5h4v-5H6a6 6 0 0 1 12 0h-2v5h4v-5a8 8 0 0 0-8-8Z',
  face: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 10h.01M15 10h.01M9 15c1.5 1 4.5 1 6 0',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  layers: 'M12 3 2 8l10 5 10-5-10-5ZM2 13l10 5 10-5M2 18l10 5 10-5',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
} as const;

export type IconName = keyof typeof paths;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
  /** A label makes the icon meaningful to assistive technology; without one it is decorative. */
  label?: string;
}

/** A small stroke icon. Decorative (aria-hidden) unless it has a label. */
export function Icon({ name, size = 20, label, className, ...rest }: IconProps) {
  return (
    // Stroke and fill come from `.cas-icon` in styles.css: icons repeat on every page (the side menu has dozens).
    <svg
      className={className ? `cas-icon ${className}` : 'cas-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
