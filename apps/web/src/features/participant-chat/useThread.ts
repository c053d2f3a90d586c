import { rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { chatKeys, markRead, readMessages, sendMessage } from './api';
import {
  addPending,
  emptyThread,
  failPending,
  hasGap,
  markHidden,
  newClientId,
  receive,
  receiveOlder,
  threadFrom,
  type HeldMessage,
  type ThreadState,
} from './logic';

const PAGE = 50;

/**
 * One conversation's messages: the newest page, then every live `chat.message` of its room merged by
 * seq. A gap (a frame beyond the next seq), the socket's reconnect, or a user-room notice of a later
 * seq reads `?after=<synced>` and merges again: each message held once, in order. Sending shows the
 * message pending until the API answers (after its commit), then as sent; a failure can be retried.
 */
export function useThread(eventId: string, conversationId: string) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const [state, setStateRaw] = useState<ThreadState>(emptyThread);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<ApiError | null>(null);
  const [more, setMore] = useState(false);
  const ref = useRef(state);
  const update = useCallback((f: (s: ThreadState) => ThreadState) => {
    setStateRaw((s) => {
      const next = f(s);
      ref.current = next;
      return next;
    });
  }, []);
  const ready = useRef(false);
  const catching = useRef(false);
  const again = useRef(false);

  const catchUp = useCallback(async () => {
    if (!ready.current) return;
    if (catching.current) {
      again.current = true;
      return;
    }
    catching.current = true;
    try {
      do {
        again.current = false;
        const page = await readMessages(eventId, conversationId, { after: ref.current.synced, limit: 200 });
        update((s) => receive(s, page.messages as HeldMessage[]));
        if (page.more) again.current = true;
      } while (again.current);
    } catch {
      // The next frame, notice or reconnect tries again.
    } finally {
      catching.current = false;
    }
  }, [eventId, conversationId, update]);

  useEffect(() => {
    let cancelled = false;
    ready.current = false;
    update(() => emptyThread);
    setStatus('loading');
    setError(null);
    readMessages(eventId, conversationId, { limit: PAGE })
      .then((page) => {
        if (cancelled) return;
        // Frames that arrived while the page was read are kept.
        update((s) => receive(threadFrom(page.messages as HeldMessage[]), s.messages));
        setMore(page.more);
        setStatus('ready');
        ready.current = true;
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setError(isApiError(e) ? e : null);
        setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [eventId, conversationId, update]);

  const room = eventId && conversationId ? rooms.conversation(conversationId) : null;
  useRealtimeEvent(room, 'chat.message', (m) => {
    if (m.conversationId !== conversationId) return;
    update((s) => receive(s, [m as unknown as HeldMessage]));
    if (hasGap(ref.current)) void catchUp();
  });
  useRealtimeEvent(room, 'chat.hidden', (p) => {
    if (p.conversationId === conversationId) update((s) => markHidden(s, p.messageId));
  });
  useRealtimeEvent(userId && room ? rooms.user(userId) : null, 'chat.activity', (p) => {
    if (p.conversationId === conversationId && p.lastSeq > ref.current.synced) void catchUp();
  });
  useRealtimeResync(() => void catchUp());

  // Read up to what is shown while the page is visible.
  const readSeq = useRef(0);
  useEffect(() => {
    if (status !== 'ready' || state.synced <= readSeq.current || document.visibilityState !== 'visible')
      return;
    readSeq.current = state.synced;
    markRead(eventId, conversationId, state.synced)
      .then(() => {
        void client.invalidateQueries({ queryKey: [...chatKeys.all(eventId), 'conversations'] });
        void client.invalidateQueries({ queryKey: chatKeys.access(eventId) });
      })
      .catch(() => undefined);
  }, [status, state.synced, eventId, conversationId, client]);

  const deliver = useCallback(
    async (clientId: string, text: string): Promise<ApiError | null> => {
      update((s) => addPending(s, { clientId, text, status: 'pending' }));
      try {
        const m = await sendMessage(eventId, conversationId, { text, clientId });
        update((s) => receive(s, [m as HeldMessage]));
        if (hasGap(ref.current)) void catchUp();
        return null;
      } catch (e) {
        update((s) => failPending(s, clientId));
        return isApiError(e) ? e : null;
      }
    },
    [eventId, conversationId, update, catchUp],
  );

  const send = useCallback((text: string) => deliver(newClientId(), text), [deliver]);
  const retry = useCallback((clientId: string, text: string) => deliver(clientId, text), [deliver]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    setLoadingOlder(true);
    try {
      const page = await readMessages(eventId, conversationId, {
        before: ref.current.floor + 1,
        limit: PAGE,
      });
      update((s) => receiveOlder(s, page.messages as HeldMessage[]));
      setMore(page.more);
    } finally {
      setLoadingOlder(false);
    }
  }, [eventId, conversationId, update]);

  return { state, status, error, more, loadOlder, loadingOlder, send, retry };
}
