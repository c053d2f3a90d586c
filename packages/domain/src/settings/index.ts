export * from './view-settings.js';
