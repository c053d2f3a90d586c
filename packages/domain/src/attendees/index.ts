export * from './messages.js';
export * from './fields.js';
export * from './custom-fields.js';
export * from './rules.js';
export * from './participants.js';
export * from './labels.js';
export * from './magic-links.js';
export * from './activity.js';
