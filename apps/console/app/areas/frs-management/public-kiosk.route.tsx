/** The kiosk of a recognition device: the device signs in on the browser with its key, no user does. */
export { loader, action } from './kiosk.server';
export { meta, default } from './kiosk';

/** Anyone may open this page without signing in (declared in the area's `area.ts`, mounted outside `/app`). */
export const publicPage = true;
