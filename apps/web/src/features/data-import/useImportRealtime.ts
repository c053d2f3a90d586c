import { IMPORT_REALTIME_EVENT, rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { listKey } from '../../shared/list';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useStore } from '../../shared/store/createStore';
import { userStore } from '../../shared/session/userStore';
import { importKey, importsPath, type ImportRow } from './api';

/**
 * Progress of the imports this admin uploaded over the tab's realtime socket (`import.progress` on
 * the user's room): each message updates the cached import at once. Polling (`useImport`) stays the
 * fallback, e.g. when the socket can not connect; after a reconnect the imports are fetched again.
 */
export function useImportRealtime(eventId: string): void {
  const client = useQueryClient();
  const userId = useStore(userStore, (s) => s.tokenData?.userId ?? null);
  useRealtimeEvent(userId ? rooms.user(userId) : null, IMPORT_REALTIME_EVENT, (payload) => {
    const key = importKey(eventId, payload.id);
    const current = client.getQueryData<ImportRow>(key);
    if (current) client.setQueryData<ImportRow>(key, { ...current, ...payload });
    if (payload.status !== 'VERIFYING' && payload.status !== 'IMPORTING') {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: listKey(importsPath(eventId)) });
    }
  });
  useRealtimeResync(() => {
    void client.invalidateQueries({ queryKey: listKey(importsPath(eventId)) });
    void client.invalidateQueries({ queryKey: ['import', eventId] });
  });
}
