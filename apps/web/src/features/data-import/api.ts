import {
  IMPORT_RUNNING_STATUSES,
  IMPORT_UPLOAD_FIELD,
  type importErrorsResponseSchema,
  type ImportFileExtension,
  type importListRecordSchema,
  type ImportMapping,
  type importRecordSchema,
  type ImportTable,
  type ImportTableDescriptor,
} from '@plenary/domain';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { listKey } from '../../shared/list';

/** An import as the API sends it (timestamps as ISO text). */
export type ImportRow = z.input<typeof importRecordSchema>;
export type ImportHistoryRow = z.input<typeof importListRecordSchema>;
export type ImportErrors = z.input<typeof importErrorsResponseSchema>;

/** How often a running job is asked for its progress (realtime events come in between). */
export const POLL_MS = 1000;

export const importsPath = (eventId: string) => `events/${encodeURIComponent(eventId)}/imports`;
const importPath = (eventId: string, importId: string) =>
  `${importsPath(eventId)}/${encodeURIComponent(importId)}`;
export const importKey = (eventId: string, importId: string) => ['import', eventId, importId] as const;

export const isRunning = (status: ImportRow['status']) => IMPORT_RUNNING_STATUSES.includes(status);

/** `GET imports/tables`: the tables this event can import, with their columns. */
export function useImportTables(eventId: string) {
  return useQuery<ImportTableDescriptor[], ApiError>({
    queryKey: ['import-tables', eventId],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ tables: ImportTableDescriptor[] }>(`${importsPath(eventId)}/tables`, { signal }))
        .tables,
    staleTime: 30_000,
  });
}

/** One import; polled every second while its job runs. */
export function useImport(eventId: string, importId: string | undefined) {
  return useQuery<ImportRow, ApiError>({
    queryKey: importKey(eventId, importId ?? ''),
    queryFn: ({ signal }) => apiFetch<ImportRow>(importPath(eventId, importId ?? ''), { signal }),
    enabled: Boolean(importId),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.status) ? POLL_MS : false),
    retry: (count, error) => error.status !== 404 && count < 2,
  });
}

/** Rows with errors, one page at a time. */
export function useImportErrors(
  eventId: string,
  importId: string,
  page: number,
  limit: number,
  enabled: boolean,
) {
  return useQuery<ImportErrors, ApiError>({
    queryKey: ['import-errors', eventId, importId, page, limit],
    queryFn: ({ signal }) =>
      apiFetch<ImportErrors>(`${importPath(eventId, importId)}/errors`, { query: { page, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function downloadTemplate(
  eventId: string,
  table: ImportTable,
  format: ImportFileExtension,
  label: string,
): Promise<void> {
  return apiDownload(
    `${importsPath(eventId)}/${table}/template`,
    { format },
    `${label.toLowerCase().replace(/\s+/g, '-')}-template.${format}`,
  );
}

/** The rows with errors in the uploaded format, with an "Errors" column. */
export function downloadErrors(
  eventId: string,
  row: Pick<ImportRow, 'id' | 'fileName' | 'fileType'>,
): Promise<void> {
  const base = row.fileName.replace(/\.(csv|xlsx)$/i, '');
  return apiDownload(
    `${importPath(eventId, row.id)}/errors/file`,
    undefined,
    `${base}-errors.${row.fileType}`,
  );
}

/**
 * The wizard's writes. Each answers the import and puts it in the cache (the screen follows at
 * once); the history list is refreshed.
 */
export function useImportActions(eventId: string) {
  const client = useQueryClient();
  const settle = (row: ImportRow) => {
    client.setQueryData(importKey(eventId, row.id), row);
    void client.invalidateQueries({ queryKey: listKey(importsPath(eventId)) });
  };
  const upload = useMutation<ImportRow, ApiError, { table: ImportTable; file: File }>({
    mutationFn: ({ table, file }) => {
      const body = new FormData();
      body.append(IMPORT_UPLOAD_FIELD, file, file.name);
      return apiFetch<ImportRow>(`${importsPath(eventId)}/${table}`, { method: 'POST', body });
    },
    onSuccess: settle,
  });
  const verify = useMutation<ImportRow, ApiError, { id: string; mapping: ImportMapping }>({
    mutationFn: ({ id, mapping }) =>
      apiFetch<ImportRow>(`${importPath(eventId, id)}/verify`, { method: 'POST', body: { mapping } }),
    onSuccess: settle,
  });
  const commit = useMutation<ImportRow, ApiError, { id: string; skipInvalidRows: boolean }>({
    mutationFn: ({ id, skipInvalidRows }) =>
      apiFetch<ImportRow>(`${importPath(eventId, id)}/commit`, { method: 'POST', body: { skipInvalidRows } }),
    onSuccess: settle,
  });
  const discard = useMutation<ImportRow, ApiError, string>({
    mutationFn: (id) => apiFetch<ImportRow>(importPath(eventId, id), { method: 'DELETE' }),
    onSuccess: settle,
  });
  return { upload, verify, commit, discard };
}
