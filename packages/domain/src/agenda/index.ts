export * from './messages.js';
export * from './audience.js';
export * from './times.js';
export * from './content.js';
export * from './sessions.js';
export * from './import-messages.js';
export * from './bookmarks.js';
