import type { ReactNode } from 'react';

/** One column of a list screen. `header` is an i18n key. */
export interface ColumnDef<T> {
  id: string;
  /** i18n key of the header text (also used by the column chooser). */
  header: string;
  /** A literal header that wins over `header` (names users gave, e.g. a custom field's). */
  headerText?: string;
  cell: (record: T) => ReactNode;
  /** Server sort field (`sort=field:asc|desc`). Omit for a column that cannot be sorted. */
  sortField?: string;
  /** Shown when the user has no saved view settings. Default true. */
  defaultVisible?: boolean;
  /** Width in px (the table uses fixed layout when every column has one). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Export column(s) this column stands for (`{key}/export?columns=`); omit when it has none. */
  exportField?: string | readonly string[];
}

/** An option of a select/multiselect filter: a literal label or an i18n key. */
export interface FilterOption {
  value: string;
  label?: string;
  labelKey?: string;
}

/** Options loaded from a list endpoint; build with `optionsFrom()`. */
export interface RemoteOptions {
  /** Query key part and API path, e.g. 'organizations'. */
  path: string;
  query: Record<string, string | number>;
  load: (signal: AbortSignal) => Promise<FilterOption[]>;
}

export type FilterOptionsSource = readonly FilterOption[] | RemoteOptions;

interface FilterBase {
  /** URL and API query parameter (date ranges use `{id}From` and `{id}To`). */
  id: string;
  /** i18n key of the control's label. */
  labelKey: string;
  /** A literal label that wins over `labelKey` (names users gave, e.g. a custom field's). */
  labelText?: string;
  /** Shown under "More filters" (a popover with a count of the active ones) instead of in the toolbar row. */
  more?: boolean;
}

export type FilterDef =
  | (FilterBase & { kind: 'select'; options: FilterOptionsSource })
  | (FilterBase & { kind: 'multiselect'; options: FilterOptionsSource })
  | (FilterBase & { kind: 'boolean' })
  | (FilterBase & { kind: 'date-range' })
  | (FilterBase & { kind: 'number-range' });

export interface DateRange {
  from?: string;
  to?: string;
}

/** select → string; multiselect → string[]; boolean → 'true' | 'false'; date-range and number-range → DateRange (from/to as text). */
export type FilterValue = string | string[] | DateRange;
export type FilterValues = Readonly<Record<string, FilterValue>>;

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

/** The list query as the user chose it; lives in the URL. */
export interface ListParams {
  /** 1-based. */
  page: number;
  /** Explicit page size from the URL; undefined = the table's default (view settings, else 20). */
  limit?: number;
  search: string;
  sort?: SortState;
  filters: FilterValues;
}

export interface ResourceDef<T> {
  /** Table key: view settings (`view-settings/{key}`) and export type (`{key}/export`). */
  key: string;
  /** API list path, e.g. 'organizations'. */
  path: string;
  columns: readonly ColumnDef<T>[];
  filters: readonly FilterDef[];
  searchPlaceholderKey: string;
  /** Where a row leads (its primary cell becomes a link). */
  rowLink?: (record: T) => string;
  /** A row's name for screen readers (selection checkboxes: "Select <name>"). Default: its id. */
  rowLabel?: (record: T) => string;
  exportable: boolean;
  /** Export path; default `{key}/export`. */
  exportPath?: string;
  /** Extra query parameters of every export (e.g. `{ eventId }`). */
  exportQuery?: ApiQuery;
  getRowId: (record: T) => string;
}

/** The API's list answer. */
export interface ListAnswer<T> {
  records: T[];
  total: number;
}

/** Saved per user and table key (`view-settings/{tableKey}`). */
export interface ViewSettings {
  /** Visible column ids. */
  columns: string[];
  /** Every known column id, in display order. */
  order: string[];
  pageSize: number;
}

export type ApiQuery = Record<string, string | number>;
