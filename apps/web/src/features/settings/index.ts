/**
 * Settings area, web side. View settings (`view-settings/{tableKey}`: visible columns, order, page
 * size per user and table) are read and saved by the list machinery, which every list screen uses;
 * they are re-exported here as this area's public API for screens that need them directly.
 */
export {
  useViewSettings,
  fetchViewSettings,
  saveViewSettings,
  viewSettingsKey,
  type ViewSettings,
  type ViewSettingsState,
} from '../../shared/list';
