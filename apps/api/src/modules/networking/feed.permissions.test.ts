import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import { client, participantToken, type Tenant } from '../agenda/agenda.test-utils.js';
import { png } from '../content/content.test-utils.js';

/**
 * Who may call the activity-feed routes (test/permission-matrix.ts): the feed is for anyone with a
 * role in the event ('member'); moderation is for admins and moderators ('read'); pinning and the
 * approval setting for admins. Another tenant: 404; no token: 401.
 */
interface Target {
  tenant: Tenant;
  postId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function newPost(tenant: Tenant, text = 'Matrix post'): Promise<string> {
  const res = await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/activity-feed/posts`,
    payload: { text },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

async function newComment(tenant: Tenant, postId: string): Promise<string> {
  const res = await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/activity-feed/posts/${postId}/comments`,
    payload: { text: 'Matrix comment' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

async function target(tenant: Tenant): Promise<Target> {
  return { tenant, postId: await newPost(tenant) };
}

function multipart(bytes: Buffer) {
  const boundary = '----feedmatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let image: Buffer;

const CASES = eventCases<Target>([
  {
    name: 'the feed',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'activity-feed/posts')),
  },
  {
    name: 'post',
    method: 'POST',
    kind: 'member',
    ok: 201,
    request: at(
      (x) => ev(x, 'activity-feed/posts'),
      () => ({ text: 'Hello feed' }),
    ),
  },
  {
    name: 'upload an image',
    method: 'POST',
    kind: 'member',
    ok: 201,
    request: async (x) => ({ url: ev(x, 'activity-feed/images'), ...multipart(image) }),
  },
  {
    name: 'a post',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `activity-feed/posts/${x.postId}`)),
  },
  {
    name: 'delete a post (author or staff)',
    method: 'DELETE',
    kind: 'member',
    ok: 204,
    request: async (x) => ({ url: ev(x, `activity-feed/posts/${await newPost(x.tenant)}`) }),
  },
  {
    name: 'like',
    method: 'PUT',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `activity-feed/posts/${x.postId}/like`)),
  },
  {
    name: 'unlike',
    method: 'DELETE',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `activity-feed/posts/${x.postId}/like`)),
  },
  {
    name: 'comment',
    method: 'POST',
    kind: 'member',
    ok: 201,
    request: at(
      (x) => ev(x, `activity-feed/posts/${x.postId}/comments`),
      () => ({ text: 'Nice' }),
    ),
  },
  {
    name: 'delete a comment (author or staff)',
    method: 'DELETE',
    kind: 'member',
    ok: 204,
    request: async (x) => ({
      url: ev(x, `activity-feed/posts/${x.postId}/comments/${await newComment(x.tenant, x.postId)}`),
    }),
  },
  {
    name: 'report',
    method: 'POST',
    kind: 'member',
    ok: 204,
    request: at(
      (x) => ev(x, `activity-feed/posts/${x.postId}/report`),
      () => ({ reason: 'Spam' }),
    ),
  },
  {
    name: 'the settings',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'activity-feed/settings')),
  },
  {
    name: 'change the settings',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'activity-feed/settings'),
      () => ({ approvalRequired: false }),
    ),
  },
  {
    name: 'the moderation list',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'activity-feed/moderation/posts?status=PENDING')),
  },
  {
    name: 'approve',
    method: 'POST',
    kind: 'read',
    ok: 200,
    request: at(
      (x) => ev(x, `activity-feed/moderation/posts/${x.postId}/moderate`),
      () => ({ action: 'APPROVE' }),
    ),
  },
  {
    name: 'pin (admins)',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `activity-feed/moderation/posts/${x.postId}/moderate`),
      () => ({ action: 'PIN' }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  image = await png(20, 20);
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('activity feed: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));

  it('refuses malformed input with 400 (field messages), never 500', async () => {
    // A fresh participant: the matrix has used up the tenant participant's posts for this minute.
    const me = client(t, (await participantToken(t, a.tenant.event.id)).token, a.tenant.event.id);
    const admin = client(t, a.tenant.tokens.eventAdmin, a.tenant.event.id);
    const badPosts: unknown[] = [
      { text: 'a\u0000b' },
      { text: 'a\ud800b' },
      { text: 'x'.repeat(2001) },
      { text: 'y'.repeat(1_000_000) },
      { text: '   ' },
      {},
      { text: 'ok', imageIds: ['nope'] },
      { text: 'ok', imageIds: Array.from({ length: 5 }, () => crypto.randomUUID()) },
      { text: 'ok', imageIds: [crypto.randomUUID()] },
      { text: 'ok', announcement: 'yes' },
      { text: 'ok', announcement: true },
      [],
    ];
    for (const body of badPosts) {
      const res = await me.call('POST', 'activity-feed/posts', body as object);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100) + res.body).toBe(400);
      expect(res.json().fields ?? res.json().message, res.body).toBeTruthy();
    }
    const badComments: unknown[] = [
      { text: '' },
      { text: 'a\u0000' },
      { text: 'z'.repeat(1001) },
      { text: 3 },
    ];
    for (const body of badComments) {
      const res = await me.call('POST', `activity-feed/posts/${a.postId}/comments`, body as object);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await me.call('POST', `activity-feed/posts/${a.postId}/report`, { reason: '' })).statusCode).toBe(
      400,
    );
    expect((await me.get('activity-feed/posts?before=yesterday')).statusCode).toBe(400);
    expect((await me.get('activity-feed/posts?limit=1000')).statusCode).toBe(400);
    expect((await me.get('activity-feed/posts/not-a-uuid')).statusCode).toBe(400);
    expect((await me.call('PUT', `activity-feed/posts/${crypto.randomUUID()}/like`)).statusCode).toBe(404);
    expect(
      (await admin.call('POST', `activity-feed/moderation/posts/${a.postId}/moderate`, { action: 'NUKE' }))
        .statusCode,
    ).toBe(400);
    expect((await admin.call('PUT', 'activity-feed/settings', { approvalRequired: 'on' })).statusCode).toBe(
      400,
    );
    expect((await admin.get('activity-feed/moderation/posts?status=GONE')).statusCode).toBe(400);
    // Images: not an image, no file at all.
    const notImage = await t.as(a.tenant.tokens.participant, {
      method: 'POST',
      url: ev(a, 'activity-feed/images'),
      ...multipart(Buffer.from('%PDF-1.4 not an image')),
    });
    expect(notImage.statusCode, notImage.body).toBe(400);
    const noFile = await t.as(a.tenant.tokens.participant, {
      method: 'POST',
      url: ev(a, 'activity-feed/images'),
      payload: { file: 'x' },
    });
    expect(noFile.statusCode, noFile.body).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
  });
});
