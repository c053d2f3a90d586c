import {
  MEETINGS_CHANGED_EVENT,
  rooms,
  type availabilitySchema,
  type meetingSchema,
  type myMeetingsSchema,
  type offeredSlotsSchema,
  type AvailableUser,
} from '@plenary/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiDownload, apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';

/** What the API sends (timestamps as ISO strings). */
export type MeetingView = z.input<typeof meetingSchema>;
export type MyMeetingsView = z.input<typeof myMeetingsSchema>;
export type SlotsView = z.input<typeof offeredSlotsSchema>;
export type SlotView = SlotsView['slots'][number];
export type Availability = z.input<typeof availabilitySchema>;
export type { AvailableUser };

const base = (eventId: string) => `events/${encodeURIComponent(eventId)}/meetings`;

export const meetingKeys = {
  all: (eventId: string) => ['meetings', eventId] as const,
  mine: (eventId: string) => ['meetings', eventId, 'mine'] as const,
  availability: (eventId: string) => ['meetings', eventId, 'availability'] as const,
  people: (eventId: string, search: string) => ['meetings', eventId, 'people', search] as const,
  slots: (eventId: string, participantId: string) => ['meetings', eventId, 'slots', participantId] as const,
};

export function useMyMeetings(eventId: string) {
  return useQuery<MyMeetingsView, ApiError>({
    queryKey: meetingKeys.mine(eventId),
    queryFn: ({ signal }) => apiFetch<MyMeetingsView>(`${base(eventId)}/mine`, { signal }),
    enabled: Boolean(eventId),
  });
}

export function useAvailability(eventId: string) {
  return useQuery<Availability, ApiError>({
    queryKey: meetingKeys.availability(eventId),
    queryFn: ({ signal }) => apiFetch<Availability>(`${base(eventId)}/availability`, { signal }),
    enabled: Boolean(eventId),
  });
}

export function useAvailablePeople(eventId: string, search: string) {
  return useQuery<{ records: AvailableUser[]; total: number }, ApiError>({
    queryKey: meetingKeys.people(eventId, search),
    queryFn: ({ signal }) =>
      apiFetch(`${base(eventId)}/available-users`, {
        query: { limit: 50, ...(search ? { search } : {}) },
        signal,
      }),
    enabled: Boolean(eventId),
    placeholderData: keepPreviousData,
  });
}

export function useSlots(eventId: string, participantId: string | null) {
  return useQuery<SlotsView, ApiError>({
    queryKey: meetingKeys.slots(eventId, participantId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<SlotsView>(`${base(eventId)}/slots`, {
        query: participantId ? { participantId } : undefined,
        signal,
      }),
    enabled: Boolean(eventId && participantId),
  });
}

function useRefresh(eventId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meetingKeys.all(eventId) });
}

export function useSetAvailability(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation<Availability, ApiError, boolean>({
    mutationFn: (available) =>
      apiFetch<Availability>(`${base(eventId)}/availability`, { method: 'PUT', body: { available } }),
    onSettled: refresh,
  });
}

export function useRequestMeeting(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation<MeetingView, ApiError, { inviteeId: string; startAt: string; message: string }>({
    mutationFn: (body) => apiFetch<MeetingView>(base(eventId), { method: 'POST', body }),
    onSettled: refresh,
  });
}

export type Answer = { kind: 'accept' | 'decline' | 'cancel' } | { kind: 'propose'; startAt: string };

export function useAnswerMeeting(eventId: string) {
  const refresh = useRefresh(eventId);
  return useMutation<MeetingView, ApiError, { meetingId: string; answer: Answer }>({
    mutationFn: ({ meetingId, answer }) =>
      apiFetch<MeetingView>(`${base(eventId)}/${encodeURIComponent(meetingId)}/${answer.kind}`, {
        method: 'POST',
        ...(answer.kind === 'propose' ? { body: { startAt: answer.startAt } } : {}),
      }),
    onSettled: refresh,
  });
}

export function downloadMeetingCalendar(eventId: string, meetingId: string): Promise<void> {
  return apiDownload(
    `${base(eventId)}/${encodeURIComponent(meetingId)}/calendar.ics`,
    undefined,
    `meeting-${meetingId}.ics`,
  );
}

/** Requests and answers arrive live (`meetings.changed` in the user room); after a reconnect, a refetch. */
export function useMeetingsRealtime(eventId: string) {
  const client = useQueryClient();
  const userId = useUserState().tokenData?.userId;
  const refresh = () => void client.invalidateQueries({ queryKey: meetingKeys.all(eventId) });
  useRealtimeEvent(eventId && userId ? rooms.user(userId) : null, MEETINGS_CHANGED_EVENT, (p) => {
    if (p.eventId === eventId) refresh();
  });
  useRealtimeResync(refresh);
}
