import type { createCustomFieldSchema, updateCustomFieldSchema } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { customFieldsKey } from '../../shared/custom-fields';
import { listKey, type ListAnswer } from '../../shared/list';

export type CreateCustomFieldBody = z.input<typeof createCustomFieldSchema>;
export type UpdateCustomFieldBody = z.input<typeof updateCustomFieldSchema>;

/** `events/{eventId}/custom-fields`: every field of the event (at most 200), in their order. */
export const customFieldsPath = (eventId: string) => `events/${encodeURIComponent(eventId)}/custom-fields`;

/** After a change: the fields (shared query), the participants' fields (rule editor) and the attendee list's columns. */
export function useRefreshCustomFields(eventId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: customFieldsKey(eventId) }),
      client.invalidateQueries({ queryKey: ['available-fields', eventId] }),
      client.invalidateQueries({ queryKey: listKey(`events/${encodeURIComponent(eventId)}/participants`) }),
    ]);
}

/** Create, update and reorder (delete goes through the shared confirmation, then `useRefreshCustomFields`). */
export function useCustomFieldMutations(eventId: string) {
  const client = useQueryClient();
  const path = customFieldsPath(eventId);
  const refresh = useRefreshCustomFields(eventId);
  const create = useMutation<CustomFieldRow, ApiError, CreateCustomFieldBody>({
    mutationFn: (body) => apiFetch(path, { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation<CustomFieldRow, ApiError, { id: string; body: UpdateCustomFieldBody }>({
    mutationFn: ({ id, body }) => apiFetch(`${path}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
  const reorder = useMutation<
    CustomFieldRow[],
    ApiError,
    string[],
    { previous: CustomFieldRow[] | undefined }
  >({
    mutationFn: async (ids) =>
      (await apiFetch<ListAnswer<CustomFieldRow>>(`${path}/reorder`, { method: 'POST', body: { ids } }))
        .records,
    // Optimistic: the row moves at once; a refusal puts the old order back.
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: customFieldsKey(eventId) });
      const previous = client.getQueryData<CustomFieldRow[]>(customFieldsKey(eventId));
      if (previous) {
        const byId = new Map(previous.map((f) => [f.id, f]));
        const moved = ids.flatMap((id, position) => {
          const field = byId.get(id);
          return field ? [{ ...field, position }] : [];
        });
        client.setQueryData(customFieldsKey(eventId), moved);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(customFieldsKey(eventId), context.previous);
    },
    onSuccess: (records) => client.setQueryData(customFieldsKey(eventId), records),
    onSettled: refresh,
  });
  return { create, update, reorder };
}
