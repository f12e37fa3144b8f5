// Server-only entry (`@campus/api-contract/node`): what needs Node's own modules.
export * from './node-envelope.js';
export * from './console-proof.js';
export * from './operations.js';
