import { MESSAGES } from '@plenary/domain';

/** Texts of the list machinery (shared/list). `noResults` is the spec's part-8 text, word for word. */
export default {
  search: {
    label: 'Search',
    placeholder: 'Search',
  },
  filters: {
    any: 'Any',
    from: 'From',
    to: 'To',
    clear: 'Clear search and filters',
    loadingOptions: 'Loading options…',
    noOptions: MESSAGES.noOptions,
  },
  yes: 'Yes',
  no: 'No',
  columns: {
    button: 'Columns',
    title: 'Show, hide and order columns',
    moveUp: 'Move {{column}} up',
    moveDown: 'Move {{column}} down',
    reset: 'Reset to default',
    lastVisible: 'At least one column stays visible.',
  },
  export: {
    button: 'Export',
    csv: 'Export as CSV',
    xlsx: 'Export as Excel (XLSX)',
    failed: 'The export could not be created. Please try again.',
  },
  table: {
    sortAscending: 'Sort by {{column}}, ascending',
    sortDescending: 'Sort by {{column}}, descending',
    clearSort: 'Remove sorting by {{column}}',
    loading: 'Loading records…',
    actions: 'Actions',
    scrollRegion: '{{title}}, scrollable table',
  },
  empty: {
    noResults: MESSAGES.noRecords,
    title: 'Nothing here yet',
    description: 'When records are added, they will appear here.',
  },
  pagination: {
    label: 'Pagination',
    pageSize: 'Rows per page',
    viewAll: 'View All',
    range: '{{from}}–{{to}} of {{total}}',
    count_one: '{{count}} record',
    count_other: '{{count}} records',
    page: 'Page {{page}}',
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
  },
  lastModified: '{{time}} {{date}} by {{name}}',
};
