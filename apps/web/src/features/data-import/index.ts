/**
 * The data import's public face for other features (the rule is checked by `npm run lint:architecture`).
 * Everything else in this folder is private.
 */
export { DATA_IMPORT_PATH, importPath, stepToShow } from './steps';
