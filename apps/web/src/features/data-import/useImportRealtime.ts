import { IMPORT_REALTIME_EVENT, type importRealtimePayloadSchema } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import type { z } from 'zod';
import { listKey } from '../../shared/list';
import { userStore } from '../../shared/session/userStore';
import { importKey, importsPath, type ImportRow } from './api';

type Payload = z.input<typeof importRealtimePayloadSchema>;

/**
 * Progress of the imports this admin uploaded over the realtime socket (`import.progress` on the
 * user's room): each message updates the cached import at once. Polling (`useImport`) stays the
 * fallback, e.g. when the socket can not connect.
 */
export function useImportRealtime(eventId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const token = userStore.getState().token;
    if (!token) return;
    const socket = io({ path: '/realtime', auth: { token }, transports: ['websocket'], reconnectionAttempts: 5 });
    socket.on(IMPORT_REALTIME_EVENT, (payload: Payload) => {
      const key = importKey(eventId, payload.id);
      const current = client.getQueryData<ImportRow>(key);
      if (current) client.setQueryData<ImportRow>(key, { ...current, ...payload });
      if (payload.status !== 'VERIFYING' && payload.status !== 'IMPORTING') {
        void client.invalidateQueries({ queryKey: key });
        void client.invalidateQueries({ queryKey: listKey(importsPath(eventId)) });
      }
    });
    return () => {
      socket.disconnect();
    };
  }, [client, eventId]);
}
