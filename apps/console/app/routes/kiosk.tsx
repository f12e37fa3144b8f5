export { loader, action } from '../areas/frs-management/kiosk.server';
export { meta, default } from '../areas/frs-management/kiosk';

/** Anyone may open this page without signing in. */
export const publicPage = true;
