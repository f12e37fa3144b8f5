export * from './targets.js';
export * from './match.js';
export * from './convert.js';
export * from './runs.js';
export * from './connections.js';
export * from './api-sources.js';
export * from './records.js';
