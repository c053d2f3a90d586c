/**
 * The list machinery: declare a resource once, get a whole list screen (or compose one from the
 * primitives). See README.md in this folder.
 */
export {
  defineResource,
  optionsFrom,
  sortFieldsOf,
  OPTIONS_LIMIT,
  type ResourceInput,
} from './defineResource';
export { ResourceListPage, type ResourceListPageProps } from './ResourceListPage';
export { useResourceList, listKey, type ResourceList, type UseResourceListOptions } from './useResourceList';
export { useListParams, type ListParamsState } from './useListParams';
export { useResourceMutations, countKey } from './mutations';
export { useOptions, optionsKey } from './useRemoteOptions';
export {
  useViewSettings,
  fetchViewSettings,
  saveViewSettings,
  viewSettingsKey,
  type ViewSettingsState,
} from './viewSettings';
export {
  ListToolbar,
  SearchInput,
  FilterControl,
  ColumnChooser,
  ExportMenu,
  SEARCH_DEBOUNCE_MS,
  type ListToolbarProps,
  type ColumnChooserProps,
  type ExportMenuProps,
  type SearchInputProps,
} from './ListToolbar';
export {
  DataTable,
  ROW_HEIGHT,
  VIRTUAL_THRESHOLD,
  type DataTableProps,
  type TableSelection,
} from './DataTable';
export { useRowSelection, applySelection, shownSelectionState, type RowSelection } from './selection';
export { Pagination, type PaginationProps } from './Pagination';
export { DateTime, LastModified, YesNo, formatDateTime, formatCount } from './format';
export {
  resolveLayout,
  defaultLayout,
  moveColumn,
  toggleColumn,
  exportColumnsOf,
  headerOf,
  type ColumnLayout,
} from './columns';
export {
  parseListParams,
  writeListParams,
  toApiQuery,
  toExportQuery,
  changeParams,
  hasCriteria,
  isRangeFilter,
  nextSort,
  pageRange,
  isViewAll,
  EMPTY_PARAMS,
} from './query';
export { WINDOW_SIZE, windowsForRange, locate, windowQuery } from './windows';
export type * from './types';
