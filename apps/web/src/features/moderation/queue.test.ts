import { describe, expect, it } from 'vitest';
import { isModeratorOnly, questionsForTab, tabCounts, type ModeratorQuestion } from './queue';

let n = 0;
function q(over: Partial<ModeratorQuestion>): ModeratorQuestion {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    instanceId: '00000000-0000-4000-8000-000000000000',
    text: `Question ${n}`,
    author: null,
    upvotes: 0,
    highlighted: false,
    answered: false,
    replies: [],
    createdAt: `2026-11-26T10:00:${String(n).padStart(2, '0')}.000Z`,
    status: 'PENDING',
    starred: false,
    originalText: null,
    ...over,
  };
}

const token = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;
const base = {
  userId: '00000000-0000-4000-8000-00000000000a',
  organizationId: null,
  eventHubId: null,
  userRole: 'user',
  organizationUserRole: null,
  eventHubUserRole: null,
  sid: 's',
};

describe('moderator queue', () => {
  it('puts each question in one tab and counts them', () => {
    const all = [
      q({ status: 'PENDING' }),
      q({ status: 'APPROVED' }),
      q({ status: 'APPROVED', answered: true }),
      q({ status: 'REJECTED' }),
      q({ status: 'PENDING' }),
    ];
    expect(tabCounts(all)).toEqual({ PENDING: 2, APPROVED: 1, ANSWERED: 1, REJECTED: 1 });
  });
  it('orders pending oldest first and approved highlighted, starred, most voted', () => {
    const late = q({ status: 'PENDING' });
    const early = { ...q({ status: 'PENDING' }), createdAt: '2026-11-26T09:00:00.000Z' };
    expect(questionsForTab([late, early], 'PENDING').map((x) => x.id)).toEqual([early.id, late.id]);
    const voted = q({ status: 'APPROVED', upvotes: 9 });
    const starred = q({ status: 'APPROVED', starred: true });
    const pinned = q({ status: 'APPROVED', highlighted: true });
    const plain = q({ status: 'APPROVED' });
    expect(questionsForTab([plain, voted, starred, pinned], 'APPROVED').map((x) => x.id)).toEqual([
      pinned.id,
      starred.id,
      voted.id,
      plain.id,
    ]);
  });
});

describe('moderator landing', () => {
  it('sends a moderator without admin roles to /moderation, nobody else', () => {
    expect(isModeratorOnly(token({ ...base, eventUserRoles: [{ eventId: 'e', role: 'moderator' }] }))).toBe(
      true,
    );
    expect(
      isModeratorOnly(
        token({
          ...base,
          eventUserRoles: [
            { eventId: 'e', role: 'moderator' },
            { eventId: 'f', role: 'admin' },
          ],
        }),
      ),
    ).toBe(false);
    expect(isModeratorOnly(token({ ...base, eventUserRoles: [{ eventId: 'e', role: 'participant' }] }))).toBe(
      false,
    );
    expect(isModeratorOnly(null)).toBe(false);
    expect(isModeratorOnly('not-a-token')).toBe(false);
  });
});
