export * from './meetings.js';
export * from './directories.js';
export * from './cards.js';
export * from './chat.js';
export * from './feed.js';
