export * from './campaigns.js';
export * from './push.js';
export * from './inbox.js';
export * from './emails.js';
