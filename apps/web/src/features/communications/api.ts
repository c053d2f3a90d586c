import type { campaignRecipientSchema, campaignSchema, CampaignUpdateOptions } from '@plenary/domain';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/query';

export const COMMUNICATIONS_ROUTE = '/communication';
export const campaignRoute = (id: string) => `/communication/${encodeURIComponent(id)}`;

const ev = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const campaignsPath = (eventId: string) => `${ev(eventId)}/communications`;
export const campaignPath = (eventId: string, id: string) =>
  `${campaignsPath(eventId)}/${encodeURIComponent(id)}`;

/** What each status allows, the placeholders and the event's zone. */
export function useUpdateOptions(eventId: string) {
  return useApiQuery<CampaignUpdateOptions>(`${campaignsPath(eventId)}/update-options`, undefined, {
    staleTime: 60_000,
  });
}

/** After a write: every query of the event's communications (lists, one, delivery, recipients). */
export function useRefreshCampaigns(eventId: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => JSON.stringify(q.queryKey).includes(campaignsPath(eventId)),
    });
}

/** The API's JSON (timestamps as ISO text). */
export type CampaignRow = z.input<typeof campaignSchema>;
export type RecipientRow = z.input<typeof campaignRecipientSchema>;
