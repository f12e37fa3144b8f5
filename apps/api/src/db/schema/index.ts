export * from './campus.js';
export * from './core.js';
export * from './hr.js';
export * from './iam.js';
