export { loader, action } from './devices.server';
export { meta, default } from './devices';
