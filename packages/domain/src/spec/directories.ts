import { z } from 'zod';

/** Spec part 9. */
export const DIRECTORY_VIEWS = ['LIST_VIEW', 'GRID', 'CAROUSEL', 'PILL'] as const;
export type DirectoryView = (typeof DIRECTORY_VIEWS)[number];
export const directoryViewSchema = z.enum(DIRECTORY_VIEWS);

export const DIRECTORY_FILTERS = [
  'ALL_PARTICIPANTS',
  'ALL_SPEAKERS',
  'SESSION_SPEAKERS',
  'CUSTOM',
  'BUSINESS_CARD_EXCHANGED',
  'USERS_AVAILABLE_FOR_MEETINGS',
] as const;
export type DirectoryFilter = (typeof DIRECTORY_FILTERS)[number];
export const directoryFilterSchema = z.enum(DIRECTORY_FILTERS);

export const DIRECTORY_FILTER_LABELS: Record<DirectoryFilter, string> = {
  ALL_PARTICIPANTS: 'All participants',
  ALL_SPEAKERS: 'All speakers',
  SESSION_SPEAKERS: 'Session speakers',
  CUSTOM: 'Custom',
  BUSINESS_CARD_EXCHANGED: 'Business card exchanged',
  USERS_AVAILABLE_FOR_MEETINGS: 'Users available for meetings',
};

/** Spec part 9: default list view type. */
export const DEFAULT_LIST_VIEW_TYPE = 'list';
