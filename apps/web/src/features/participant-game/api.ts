import type { PlayerGame, PlayerGames } from '@plenary/domain';
import { rooms } from '@plenary/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { toast } from '../../shared/ui/toast';

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/me/games`;

export const gameKeys = {
  all: (eventId: string) => ['participant-game', eventId] as const,
  list: (eventId: string) => ['participant-game', eventId, 'list'] as const,
  one: (eventId: string, gameId: string) => ['participant-game', eventId, gameId] as const,
};

const retry = (count: number, e: ApiError) => e.status !== 403 && e.status !== 404 && count < 2;

export function useMyGames(eventId: string) {
  return useQuery<PlayerGames, ApiError>({
    queryKey: gameKeys.list(eventId),
    queryFn: ({ signal }) => apiFetch<PlayerGames>(base(eventId), { signal }),
    enabled: Boolean(eventId),
    retry,
  });
}

export function useMyGame(eventId: string, gameId: string) {
  return useQuery<PlayerGame, ApiError>({
    queryKey: gameKeys.one(eventId, gameId),
    queryFn: ({ signal }) =>
      apiFetch<PlayerGame>(`${base(eventId)}/${encodeURIComponent(gameId)}`, { signal }),
    enabled: Boolean(eventId && gameId),
    retry,
  });
}

export const setOptOut = (eventId: string, gameId: string, optedOut: boolean) =>
  apiFetch<{ optedOut: boolean }>(`${base(eventId)}/${encodeURIComponent(gameId)}/opt-out`, {
    method: 'PUT',
    body: { optedOut },
  });

/**
 * Live: `game.awarded` on the user's room shows "+10 points — Scan QR" (and a badge toast) and
 * refetches; `leaderboard.changed` on the game's room refetches the board.
 */
export function useGameLive(eventId: string, gameId?: string) {
  const { t } = useTranslation('game');
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const refetch = () => void client.invalidateQueries({ queryKey: gameKeys.all(eventId) });
  useRealtimeEvent(userId ? rooms.user(userId) : null, 'game.awarded', (p) => {
    if (p.eventId !== eventId) return;
    if (p.points < 0) toast.info(t('deducted', { points: -p.points, reason: p.reason }));
    else if (p.points > 0) toast.success(t('awarded', { points: p.points, reason: p.reason }));
    for (const b of p.badges) toast.info(t('badgeToast', { name: b.name }));
    refetch();
  });
  useRealtimeEvent(gameId ? rooms.leaderboard(gameId) : null, 'leaderboard.changed', (p) => {
    if (p.gameId === gameId) refetch();
  });
  useRealtimeResync(refetch);
}
