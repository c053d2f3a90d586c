import type {
  createLabelSchema,
  labelSchema,
  ParticipantRecord,
  RuleInput,
  updateLabelSchema,
} from '@plenary/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import type { ListAnswer } from '../../shared/list';

/** A label as the API sends it (timestamps as ISO text). */
export type LabelRow = z.input<typeof labelSchema>;
export type CreateLabelBody = z.input<typeof createLabelSchema>;
export type UpdateLabelBody = z.input<typeof updateLabelSchema>;
/** A participant as the list sends it; only what the members list shows. */
export type MemberRow = Pick<ParticipantRecord, 'id' | 'firstName' | 'lastName' | 'email' | 'company'>;

const eventPath = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const labelsPath = (eventId: string) => `${eventPath(eventId)}/labels`;
export const participantsPath = (eventId: string) => `${eventPath(eventId)}/participants`;

/** Where the attendee list shows a label's members (the list machinery's filter `labelId`). */
export const attendeesOfLabel = (labelId: string) => `/attendees?labelId=${encodeURIComponent(labelId)}`;

/** Shared with the audience editor (sessions, collections, breakouts). */
export { useAvailableFields } from '../../shared/audience/api';

/** How many participants the rules pick now (`participants?rules=…&limit=1`); off while `rules` is null. */
export function useRuleMatchCount(eventId: string, rules: RuleInput[] | null) {
  const json = rules ? JSON.stringify(rules) : null;
  return useQuery<number, ApiError>({
    queryKey: ['label-rule-count', eventId, json],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<ListAnswer<unknown>>(participantsPath(eventId), {
          query: { rules: json, limit: 1, page: 1 },
          signal,
        })
      ).total,
    enabled: json !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** One page of a label's members, by last name. */
export function useLabelMembers(eventId: string, labelId: string, page: number, limit: number) {
  return useQuery<ListAnswer<MemberRow>, ApiError>({
    queryKey: ['label-members', eventId, labelId, page, limit],
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<MemberRow>>(participantsPath(eventId), {
        query: { labelId, page, limit, sort: 'lastName:asc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
