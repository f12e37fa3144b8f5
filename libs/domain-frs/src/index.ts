export * from './settings.js';
export * from './identify.js';
export * from './enrolment.js';
export * from './liveness.js';
export * from './geofence.js';
export * from './daily-record.js';
export * from './entities.js';
