export * from './access.js';
export * from './applications.js';
export * from './common-passwords.js';
export * from './entities.js';
export * from './password.js';
export * from './schemas.js';
export * from './sso.js';
export * from './settings.js';
