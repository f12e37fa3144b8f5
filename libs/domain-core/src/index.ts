export * from './applications.js';
export * from './coded.js';
export * from './entity.js';
export * from './fields.js';
export * from './lifecycle.js';
export * from './registry.js';
export * from './modules.js';
export * from './product.js';
