import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participantToken, type Client, type Tenant } from '../agenda/agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
let moderator: Client;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  recordEmits(t, emitted);
  ten = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  moderator = client(t, ten.tokens.moderator, ten.event.id);
});
afterAll(() => t.close());

async function person() {
  const p = await participantToken(t, ten.event.id);
  return { ...p, c: client(t, p.token, ten.event.id) };
}

async function post(c: Client, text: string, extra: object = {}) {
  const res = await c.post('activity-feed/posts', { text, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

const domainEvents = async (name: string, postId: string) =>
  (
    await t.deps.db.selectFrom('domainEvents').select(['name', 'payload']).where('name', '=', name).execute()
  ).filter((e) => (e.payload as { postId: string }).postId === postId);

describe('activity feed', () => {
  it('with approval on, a post is pending: seen by its author and moderators only, visible once approved', async () => {
    expect((await admin.call('PUT', 'activity-feed/settings', { approvalRequired: true })).json()).toEqual({
      approvalRequired: true,
    });
    const author = await person();
    const other = await person();
    const pending = await post(author.c, 'Waiting for approval q1');
    expect(pending.status).toBe('PENDING');
    expect(await domainEvents('feed.posted', pending.id)).toEqual([]);

    const ids = async (c: Client) =>
      [...(await c.get('activity-feed/posts')).json().posts].map((p: { id: string }) => p.id);
    expect(await ids(author.c)).toContain(pending.id);
    expect(await ids(other.c)).not.toContain(pending.id);
    expect(await ids(moderator)).toContain(pending.id);
    expect((await other.c.get(`activity-feed/posts/${pending.id}`)).statusCode).toBe(404);
    expect((await other.c.call('PUT', `activity-feed/posts/${pending.id}/like`)).statusCode).toBe(404);
    // The realtime: only the staff room heard of it.
    const rooms = emitted.filter((e) => JSON.stringify(e.payload).includes(pending.id)).map((e) => e.room);
    expect(rooms).toEqual([`eventStaff:${ten.event.id}`]);

    const queue = await moderator.get('activity-feed/moderation/posts?status=PENDING');
    expect(queue.json().records.map((r: { id: string }) => r.id)).toContain(pending.id);

    const approved = await moderator.post(`activity-feed/moderation/posts/${pending.id}/moderate`, {
      action: 'APPROVE',
    });
    expect(approved.json()).toMatchObject({ status: 'APPROVED' });
    expect(await ids(other.c)).toContain(pending.id);
    expect(emitted.some((e) => e.room === `event:${ten.event.id}` && e.event === 'feed.post')).toBe(true);
    expect(await domainEvents('feed.posted', pending.id)).toEqual([
      {
        name: 'feed.posted',
        payload: { eventId: ten.event.id, postId: pending.id, participantId: author.participantId },
      },
    ]);
    // Moderators' own posts and announcements are not held back.
    expect((await post(admin, 'Welcome everyone', { announcement: true })).status).toBe('APPROVED');
    await admin.call('PUT', 'activity-feed/settings', { approvalRequired: false });
  });

  it('likes are idempotent and counted; comments count and publish feed.commented', async () => {
    const author = await person();
    const fans = [await person(), await person()];
    const p = await post(author.c, 'Like me');
    for (const fan of fans) {
      expect((await fan.c.call('PUT', `activity-feed/posts/${p.id}/like`)).json()).toMatchObject({
        likes: expect.any(Number),
      });
      expect((await fan.c.call('PUT', `activity-feed/posts/${p.id}/like`)).json()).toEqual({
        postId: p.id,
        liked: true,
        likes: fans.indexOf(fan) + 1,
      });
    }
    expect((await fans[0]!.c.call('DELETE', `activity-feed/posts/${p.id}/like`)).json().likes).toBe(1);
    expect((await fans[0]!.c.call('DELETE', `activity-feed/posts/${p.id}/like`)).json().likes).toBe(1);
    const seen = (await fans[1]!.c.get(`activity-feed/posts/${p.id}`)).json();
    expect(seen).toMatchObject({ likes: 1, liked: true, comments: 0 });

    const c = await fans[0]!.c.post(`activity-feed/posts/${p.id}/comments`, { text: '  Great talk  ' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ text: 'Great talk', mine: true });
    const detail = (await author.c.get(`activity-feed/posts/${p.id}`)).json();
    expect(detail.comments).toBe(1);
    expect(detail.commentList.map((x: { text: string }) => x.text)).toEqual(['Great talk']);
    expect(await domainEvents('feed.commented', p.id)).toHaveLength(1);
    // Only its author (or staff) deletes a comment; the count follows.
    const commentId = c.json().id as string;
    expect((await author.c.delete(`activity-feed/posts/${p.id}/comments/${commentId}`)).statusCode).toBe(403);
    expect((await fans[0]!.c.delete(`activity-feed/posts/${p.id}/comments/${commentId}`)).statusCode).toBe(
      204,
    );
    expect((await fans[0]!.c.delete(`activity-feed/posts/${p.id}/comments/${commentId}`)).statusCode).toBe(
      404,
    );
    expect((await author.c.get(`activity-feed/posts/${p.id}`)).json()).toMatchObject({
      comments: 0,
      commentList: [],
    });
    expect(await domainEvents('feed.posted', p.id)).toHaveLength(1);
  });

  it('pages newest first with a stable keyset cursor; pinned posts come first', async () => {
    const own = await t.f.event({ eventHubId: ten.event.eventHubId });
    await t.f.grant(ten.users.eventAdmin.id, 'event', own.id);
    const u = await t.f.user();
    await t.f.participant(own.id, u.id);
    const me = client(t, await t.f.token(u.id), own.id);
    const org = client(t, ten.tokens.eventAdmin, own.id);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await post(me, `Post ${i}`)).id);
    const first = (await me.get('activity-feed/posts?limit=3')).json();
    expect(first.posts.map((p: { text: string }) => p.text)).toEqual(['Post 6', 'Post 5', 'Post 4']);
    // A post arriving between pages does not shift the next page.
    await post(me, 'Late post');
    const second = (
      await me.get(`activity-feed/posts?limit=3&before=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.pinned).toEqual([]);
    expect(second.posts.map((p: { text: string }) => p.text)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    const third = (
      await me.get(`activity-feed/posts?limit=3&before=${encodeURIComponent(second.nextCursor)}`)
    ).json();
    expect(third.posts.map((p: { text: string }) => p.text)).toEqual(['Post 0']);
    expect(third.nextCursor).toBeNull();

    const pin = await org.post(`activity-feed/moderation/posts/${made[0]}/moderate`, { action: 'PIN' });
    expect(pin.json()).toMatchObject({ pinned: true });
    const top = (await me.get('activity-feed/posts?limit=3')).json();
    expect(top.pinned.map((p: { text: string }) => p.text)).toEqual(['Post 0']);
    expect(top.posts.map((p: { text: string }) => p.text)).toEqual(['Late post', 'Post 6', 'Post 5']);
    // Moderators may not pin.
    expect(
      (await moderator.post(`activity-feed/moderation/posts/${made[1]}/moderate`, { action: 'PIN' }))
        .statusCode,
    ).toBe(403);
  });

  it('hide and delete tell every client at once (feed.removed); reports reach the reported list', async () => {
    const author = await person();
    const reporter = await person();
    const p = await post(author.c, 'Spam spam');
    expect((await reporter.c.post(`activity-feed/posts/${p.id}/report`, { reason: 'Spam' })).statusCode).toBe(
      204,
    );
    expect(
      (await reporter.c.post(`activity-feed/posts/${p.id}/report`, { reason: 'Spam again' })).statusCode,
    ).toBe(204);
    const reported = (await moderator.get('activity-feed/moderation/posts?reported=true')).json();
    expect(reported.records.find((r: { id: string }) => r.id === p.id)).toMatchObject({
      reports: 1,
      lastReason: 'Spam',
    });

    const hidden = await moderator.post(`activity-feed/moderation/posts/${p.id}/moderate`, {
      action: 'HIDE',
    });
    expect(hidden.json()).toMatchObject({ status: 'HIDDEN' });
    expect(emitted).toContainEqual({
      room: `event:${ten.event.id}`,
      event: 'feed.removed',
      payload: { eventId: ten.event.id, postId: p.id },
    });
    expect((await author.c.get(`activity-feed/posts/${p.id}`)).statusCode).toBe(404);

    const q = await post(author.c, 'Delete me');
    expect((await reporter.c.delete(`activity-feed/posts/${q.id}`)).statusCode).toBe(403);
    expect(
      (await moderator.post(`activity-feed/moderation/posts/${q.id}/moderate`, { action: 'DELETE' })).json(),
    ).toMatchObject({
      status: 'DELETED',
    });
    expect(
      emitted.filter((e) => e.event === 'feed.removed' && JSON.stringify(e.payload).includes(q.id)),
    ).toHaveLength(1);
    expect((await author.c.get(`activity-feed/posts/${q.id}`)).statusCode).toBe(404);
    const r = await post(author.c, 'Mine to delete');
    expect((await author.c.delete(`activity-feed/posts/${r.id}`)).statusCode).toBe(204);
  });

  it('attaches up to 4 uploaded images, only the uploader’s own and unused', async () => {
    const { png } = await import('../content/content.test-utils.js');
    const author = await person();
    const other = await person();
    const upload = async (token: string) => {
      const boundary = '----feedimg';
      const res = await t.as(token, {
        method: 'POST',
        url: `/api/v1/events/${ten.event.id}/activity-feed/images`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          await png(30, 20),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; url: string };
    };
    const mine = await upload(author.token);
    const theirs = await upload(other.token);
    expect((await author.c.post('activity-feed/posts', { imageIds: [theirs.id] })).statusCode).toBe(400);
    const p = await post(author.c, '', { imageIds: [mine.id] });
    const seen = (await other.c.get(`activity-feed/posts/${p.id}`)).json();
    expect(seen.images).toEqual([{ id: mine.id, url: mine.url }]);
    // Used once only.
    expect(
      (await author.c.post('activity-feed/posts', { text: 'again', imageIds: [mine.id] })).statusCode,
    ).toBe(400);
  });
});
