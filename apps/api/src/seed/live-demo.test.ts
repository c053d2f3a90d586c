import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Directory } from '@plenary/domain';
import { seedCards } from './cards.js';
import { seedChat } from './chat.js';
import { seedDirectories } from './directories.js';
import { seedFeed } from './feed.js';
import { seedInbox } from './push-inbox.js';
import { seedMeetings } from './meetings.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { seed } from './index.js';

// The demo of the live half (issues 13 and 14), seeded once for all of its parts: seeding the whole
// demo is the expensive step, and each part checks its own share of it, then that a second run of
// its seed adds nothing.
let t: TestContext;
let user: { id: string };
let event: { id: string };
let token: string;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
  user = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_PARTICIPANT_EMAIL)
    .executeTakeFirstOrThrow();
  event = await t.deps.db
    .selectFrom('events')
    .select('id')
    .where('name', '=', DEMO_EVENT_NAME)
    .executeTakeFirstOrThrow();
  token = await t.f.token(user.id);
});
afterAll(() => t.close());

describe('demo business-card seed', () => {
  it('gives the demo participant contacts with notes and a request to answer, once', async () => {
    const get = async (path: string) => {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/v1/events/${event.id}/business-cards/${path}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const contacts = (await get('contacts')) as { total: number; records: Array<{ note: string }> };
    expect(contacts.total).toBe(4);
    expect(contacts.records.filter((c) => c.note !== '')).toHaveLength(3);
    const requests = (await get('requests')) as { incoming: Array<{ note: string }>; outgoing: unknown[] };
    expect(requests.incoming).toHaveLength(1);
    expect(requests.incoming[0]!.note).not.toBe('');
    expect(requests.outgoing).toHaveLength(1);

    const before = await t.deps.db.selectFrom('businessCardContacts').select('ownerParticipantId').execute();
    await seedCards(t.deps);
    const after = await t.deps.db.selectFrom('businessCardContacts').select('ownerParticipantId').execute();
    expect(after).toHaveLength(before.length);
    expect(before.length).toBeGreaterThan(8);
  });
});

describe('demo chat seed', () => {
  it('gives the demo participant a group chat and a 1:1 with unread messages, once', async () => {
    const get = async (path: string) => {
      const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/chat/${path}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const list = await get('conversations');
    expect(list.total).toBe(2);
    const kinds = list.records.map((r: { kind: string; unread: number }) => [r.kind, r.unread]).sort();
    expect(kinds).toEqual([
      ['DIRECT', 1],
      ['GROUP', 3],
    ]);
    expect((await get('me')).unread).toBe(4);
    await seedChat(t.deps);
    expect((await get('conversations')).total).toBe(2);
  });
});

describe('demo directories seed', () => {
  it('gives the demo event an Everyone grid and a Speakers list the demo participant can browse, once', async () => {
    const get = async (path: string) => {
      const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/${path}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; records: Array<Record<string, unknown>> };
    };
    const list = await get('directories');
    const byName = new Map((list.records as unknown as Directory[]).map((d) => [d.name, d]));
    expect(byName.get('Everyone')).toMatchObject({ view: 'GRID', filter: 'ALL_PARTICIPANTS' });
    expect(byName.get('Speakers')).toMatchObject({ view: 'LIST_VIEW', filter: 'ALL_SPEAKERS' });
    const everyone = await get(`directories/${byName.get('Everyone')!.id}/items`);
    const speakers = await get(`directories/${byName.get('Speakers')!.id}/items`);
    expect(everyone.total).toBeGreaterThan(5);
    expect(speakers.total).toBeGreaterThan(0);
    expect(speakers.total).toBeLessThan(everyone.total);
    await seedDirectories(t.deps);
    expect((await get('directories')).total).toBe(list.total);
  });
});

describe('demo activity-feed seed', () => {
  it('gives the demo event a lively feed with a pinned announcement, once', async () => {
    const read = async () => {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/v1/events/${event.id}/activity-feed/posts?limit=50`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        pinned: Array<{ announcement: boolean }>;
        posts: Array<{ likes: number; comments: number; author: { name: string } }>;
      };
    };
    const feed = await read();
    expect(feed.pinned).toHaveLength(1);
    expect(feed.pinned[0]!.announcement).toBe(true);
    expect(feed.posts.length).toBeGreaterThanOrEqual(10);
    expect(feed.posts.some((p) => p.likes > 0)).toBe(true);
    expect(feed.posts.some((p) => p.comments > 0)).toBe(true);
    expect(new Set(feed.posts.map((p) => p.author.name)).size).toBeGreaterThan(3);
    await seedFeed(t.deps);
    expect((await read()).posts).toHaveLength(feed.posts.length);
  });
});

describe('demo meetings seed', () => {
  it('gives the demo event windows on its days and the demo participant a booked meeting and a request, once', async () => {
    const res = await t.as(await t.f.token(user.id), {
      method: 'GET',
      url: `/api/v1/events/${event.id}/meetings/mine`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json() as {
      participantId: string;
      meetings: Array<{ status: string; awaitingId: string | null; meetingPoint: string | null }>;
    };
    expect(mine.meetings.filter((m) => m.status === 'ACCEPTED')).toEqual([
      expect.objectContaining({ meetingPoint: 'Table 1' }),
    ]);
    expect(
      mine.meetings.filter((m) => m.status === 'PENDING' && m.awaitingId === mine.participantId),
    ).toHaveLength(1);
    const windows = await t.deps.db
      .selectFrom('meetingWindows')
      .select('id')
      .where('eventId', '=', event.id)
      .execute();
    expect(windows.length).toBeGreaterThanOrEqual(4);
    await seedMeetings(t.deps);
    const again = await t.deps.db
      .selectFrom('meetingWindows')
      .select('id')
      .where('eventId', '=', event.id)
      .execute();
    expect(again).toHaveLength(windows.length);
  });
});

describe('demo inbox seed', () => {
  it('gives the demo participant an inbox with one unread item, once', async () => {
    await seedInbox(t.deps);
    const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/inbox` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as {
      items: Array<{ title: string; communicationId: string | null }>;
      unread: number;
    };
    const ours = page.items.filter((i) => i.communicationId === null);
    expect(ours.map((i) => i.title)).toEqual([
      'Welcome to Northwind Summit',
      'Meeting with Lukas Becker',
      'Opening keynote',
    ]);
    expect(page.unread).toBeGreaterThanOrEqual(1);
  });
});
