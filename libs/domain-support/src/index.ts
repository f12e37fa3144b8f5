export * from './categories.js';
export * from './entities.js';
export * from './intake.js';
export * from './office-calendar.js';
export * from './sla.js';
export * from './tickets.js';
