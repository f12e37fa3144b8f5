export * from './client.js';
export * from './core.js';
export * from './crud.js';
export * from './envelope.js';
export * from './errors.js';
export * from './list-query.js';
export * from './openapi.js';
export * from './registry.js';
