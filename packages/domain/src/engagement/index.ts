export * from './messages.js';
export * from './tools.js';
export * from './instances.js';
export * from './answers.js';
export * from './quiz.js';
export * from './qa.js';
export * from './words.js';
export * from './moderation.js';
