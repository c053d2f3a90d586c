/** Pure helpers of the participant's meetings page (unit-tested in logic.test.ts). */

export interface MeetingLike {
  id: string;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED';
  awaitingId: string | null;
  requester: { participantId: string };
  invitee: { participantId: string };
  startAt: string;
}

export interface MeetingGroups<M> {
  /** Pending, waiting for me to answer. */
  toAnswer: M[];
  /** Pending, waiting for the other person. */
  waiting: M[];
  /** Accepted. */
  booked: M[];
  /** Declined or cancelled. */
  closed: M[];
}

export function groupMeetings<M extends MeetingLike>(meetings: readonly M[], me: string): MeetingGroups<M> {
  const groups: MeetingGroups<M> = { toAnswer: [], waiting: [], booked: [], closed: [] };
  for (const m of meetings) {
    if (m.status === 'ACCEPTED') groups.booked.push(m);
    else if (m.status === 'PENDING') (m.awaitingId === me ? groups.toAnswer : groups.waiting).push(m);
    else groups.closed.push(m);
  }
  return groups;
}

/** The other person of a meeting. */
export function otherOf<M extends MeetingLike>(m: M, me: string): M['requester'] {
  return m.requester.participantId === me ? m.invitee : m.requester;
}

/** Free slots grouped by day, in order. */
export function freeSlotsByDay<S extends { date: string; startAt: string; free: boolean }>(
  slots: readonly S[],
): Array<{ date: string; slots: S[] }> {
  const days = new Map<string, S[]>();
  for (const s of [...slots].filter((x) => x.free).sort((a, b) => a.startAt.localeCompare(b.startAt))) {
    const list = days.get(s.date) ?? [];
    list.push(s);
    days.set(s.date, list);
  }
  return [...days].map(([date, list]) => ({ date, slots: list }));
}
