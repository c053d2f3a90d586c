import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
/** 'View All' in the page-size menu. */
export const VIEW_ALL_LIMIT = 1_000_000;
/** Spec part 9: 300, 1000 and 'View All', plus the default 20. */
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 300, 1000, VIEW_ALL_LIMIT] as const;
export type PageSizeOption = (typeof PAGE_SIZE_OPTIONS)[number];

export const SORT_PATTERN = /^[A-Za-z0-9_.]+:(asc|desc)$/;
export const SEARCH_MAX_LENGTH = 200;

/** Query of every list route. Coerces query-string values. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(VIEW_ALL_LIMIT).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  sort: z.string().regex(SORT_PATTERN).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export type SortDirection = 'asc' | 'desc';
export interface Sort {
  field: string;
  direction: SortDirection;
}

/** 'name:asc' → { field: 'name', direction: 'asc' }; anything else → undefined. */
export function parseSort(sort: string | undefined): Sort | undefined {
  if (sort === undefined || !SORT_PATTERN.test(sort)) return undefined;
  const at = sort.lastIndexOf(':');
  return { field: sort.slice(0, at), direction: sort.slice(at + 1) as SortDirection };
}

export interface ListResult<T> {
  records: T[];
  total: number;
}

/** Answer schema of every list route. */
export function listResponse<T extends z.ZodType>(recordSchema: T) {
  return z.object({ records: z.array(recordSchema), total: z.number().int().min(0) });
}
