export * from './entities.js';
export * from './matching.js';
export * from './redact.js';
export * from './settings.js';
export * from './broadcast.js';
export * from './schedule.js';
