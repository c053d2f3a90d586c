export * from './messages.js';
export * from './common.js';
export * from './organizations.js';
export * from './approved-hosts.js';
export * from './event-hubs.js';
export * from './events.js';
export * from './admin-users.js';
export * from './app-versions.js';
