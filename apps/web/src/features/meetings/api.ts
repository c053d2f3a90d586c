import type { AvailableUser, Meeting, MeetingWindow } from '@plenary/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';

export type MeetingRow = Meeting;
export type IntervalRow = MeetingWindow;
export type AvailableRow = AvailableUser;

const ev = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
export const meetingsPath = (eventId: string) => `${ev(eventId)}/meetings`;
export const intervalsPath = (eventId: string) => `${ev(eventId)}/meeting-intervals`;
export const availablePath = (eventId: string) => `${ev(eventId)}/meetings/available-users`;
export const settingsPath = (eventId: string) => `${ev(eventId)}/meeting-settings`;

export const MEETINGS_ROUTE = '/agenda/meetings';
export const INTERVALS_ROUTE = '/agenda/meetings/intervals';
export const AVAILABLE_ROUTE = '/agenda/meetings/available';

/** After a write: every list of the meetings screen (their keys start with the API path). */
export function useRefreshMeetings(eventId: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => JSON.stringify(q.queryKey).includes(`${ev(eventId)}/meeting`),
    });
}

export function useLabels(eventId: string) {
  return useQuery<{ records: Array<{ id: string; name: string }> }, ApiError>({
    queryKey: ['meetings-labels', eventId],
    queryFn: ({ signal }) => apiFetch(`${ev(eventId)}/labels`, { query: { limit: 1000 }, signal }),
  });
}

export interface StaffSlots {
  timezone: string;
  slots: Array<{
    windowId: string;
    date: string;
    startAt: string;
    endAt: string;
    timeSlot: string;
    free: boolean;
  }>;
}

/** Slots free for both people of a staff booking (every slot until both are chosen). */
export function useStaffSlots(eventId: string, people: readonly string[]) {
  return useQuery<StaffSlots, ApiError>({
    queryKey: [`${meetingsPath(eventId)}/staff-slots`, ...people],
    queryFn: ({ signal }) =>
      apiFetch(`${meetingsPath(eventId)}/staff-slots`, { query: { participantId: [...people] }, signal }),
  });
}
