export { loader, action } from './faces.server';
export { meta, default } from './faces';
