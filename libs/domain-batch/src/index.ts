export * from './states.js';
export * from './params.js';
export * from './schedules.js';
