export * from './messages.js';
export * from './roles.js';
export * from './list.js';
export * from './validation/index.js';
export * from './spec/index.js';
