import type { eventOverviewSchema } from '@plenary/domain';
import type { z } from 'zod';
import { useApiQuery } from '../../shared/api/query';

/** The overview as it comes over the wire (timestamps as ISO strings). */
export type OverviewAnswer = z.input<typeof eventOverviewSchema>;

/** `GET events/{eventId}/overview`: every figure of the dashboard, refreshed every minute while open. */
export function useEventOverview(eventId: string) {
  return useApiQuery<OverviewAnswer>(`events/${encodeURIComponent(eventId)}/overview`, undefined, {
    enabled: Boolean(eventId),
    refetchInterval: 60_000,
  });
}
