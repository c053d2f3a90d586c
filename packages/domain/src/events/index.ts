export * from './contracts.js';
export * from './profile.js';
