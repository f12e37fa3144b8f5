import { cookiesFor } from './cookies.server.js';

/** Whether the admin side menu is collapsed (kept in a cookie so it survives reloads, with or without JS). */
export async function isMenuCollapsed(request: Request): Promise<boolean> {
  return (await cookiesFor(request).menu.parse(request.headers.get('cookie'))) === 'collapsed';
}

export async function menuCookie(request: Request, collapsed: boolean): Promise<string> {
  return cookiesFor(request).menu.serialize(collapsed ? 'collapsed' : 'expanded');
}
