/**
 * The content area's public face: what other features may use (checked by
 * `npm run lint:architecture`, docs/guides/linting.md). Everything else in this folder is private.
 */
export { formatBytes } from './files';
