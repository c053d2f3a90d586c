import type { createDirectorySchema, directorySchema } from '@plenary/domain';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';
import type { ListAnswer } from '../../shared/list';

/** Records as the API sends them (z.input: timestamps are ISO text on the wire). */
export type DirectoryRow = z.input<typeof directorySchema>;
export type DirectoryBody = z.input<typeof createDirectorySchema>;

export interface NamedRef {
  id: string;
  name: string;
}
export interface CustomFieldRef extends NamedRef {
  showInProfile: boolean;
  dataType: string;
}

const enc = encodeURIComponent;
const eventPath = (eventId: string) => `events/${enc(eventId)}`;
export const directoriesPath = (eventId: string) => `${eventPath(eventId)}/directories`;
export const sessionsPath = (eventId: string) => `${eventPath(eventId)}/sessions`;
export const labelsPath = (eventId: string) => `${eventPath(eventId)}/labels`;
export const customFieldsPath = (eventId: string) => `${eventPath(eventId)}/custom-fields`;

/** Console route of the area. */
export const DIRECTORIES_ROUTE = '/directories';

/** Every record of a list (first 1000 by name) for a form's select. */
export function useAllOf<T>(path: string) {
  return useApiQuery<ListAnswer<T>>(path, { limit: 1000, sort: 'name:asc' }, { meta: { silent: true } });
}

/** The event's custom fields (all of them, in their order). */
export function useCustomFields(eventId: string) {
  return useApiQuery<ListAnswer<CustomFieldRef>>(customFieldsPath(eventId), undefined, {
    meta: { silent: true },
  });
}
