export { loader, action } from '../areas/frs-management/kiosk.server';
export { meta, default } from '../areas/frs-management/kiosk';
