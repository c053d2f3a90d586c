export * from './rooms.js';
export * from './events.js';
