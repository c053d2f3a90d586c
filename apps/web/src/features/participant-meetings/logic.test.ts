import { describe, expect, it } from 'vitest';
import { freeSlotsByDay, groupMeetings, otherOf, type MeetingLike } from './logic';

const m = (
  id: string,
  status: MeetingLike['status'],
  awaitingId: string | null,
  requester = 'me',
  invitee = 'you',
): MeetingLike => ({
  id,
  status,
  awaitingId,
  requester: { participantId: requester },
  invitee: { participantId: invitee },
  startAt: '2030-06-03T07:00:00.000Z',
});

describe('groupMeetings', () => {
  it('sorts requests by whose turn it is, and keeps booked and closed apart', () => {
    const groups = groupMeetings(
      [
        m('a', 'PENDING', 'me', 'you', 'me'),
        m('b', 'PENDING', 'you'),
        m('c', 'ACCEPTED', null),
        m('d', 'DECLINED', null),
        m('e', 'CANCELLED', null),
      ],
      'me',
    );
    expect(groups.toAnswer.map((x) => x.id)).toEqual(['a']);
    expect(groups.waiting.map((x) => x.id)).toEqual(['b']);
    expect(groups.booked.map((x) => x.id)).toEqual(['c']);
    expect(groups.closed.map((x) => x.id)).toEqual(['d', 'e']);
  });

  it('finds the other person', () => {
    expect(otherOf(m('a', 'PENDING', 'you'), 'me').participantId).toBe('you');
    expect(otherOf(m('a', 'PENDING', 'you'), 'you').participantId).toBe('me');
  });
});

describe('freeSlotsByDay', () => {
  it('keeps free slots, by day, in time order', () => {
    const days = freeSlotsByDay([
      { date: '2030-06-04', startAt: '2030-06-04T07:00:00.000Z', free: true },
      { date: '2030-06-03', startAt: '2030-06-03T07:15:00.000Z', free: true },
      { date: '2030-06-03', startAt: '2030-06-03T07:00:00.000Z', free: true },
      { date: '2030-06-03', startAt: '2030-06-03T07:30:00.000Z', free: false },
    ]);
    expect(days.map((d) => [d.date, d.slots.map((s) => s.startAt.slice(11, 16))])).toEqual([
      ['2030-06-03', ['07:00', '07:15']],
      ['2030-06-04', ['07:00']],
    ]);
  });
});
