/** What the /app layout route gives every page below it (read with `useShell()`). */
export interface ShellUser {
  _id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  email: string;
  adminScopes: string[];
  iamAdmin: boolean;
}

export interface ShellApplication {
  code: string;
  name: string;
  description: string;
  path: string;
  isAllowed: boolean;
}

export interface ShellData {
  user: ShellUser;
  applications: ShellApplication[];
  isMenuCollapsed: boolean;
  /** Notices not yet read (the header's bell), read on every page view. */
  unreadNotifications: number;
}
