// The feed's moderation isolation (issue 13): with approval on, another participant's socket receives
// no frame carrying a pending post (its text, its id) until a moderator approves it; a hidden or
// deleted post is dropped by every connected client (`feed.removed`). A recorder on a real
// socket.io client keeps every frame the participant gets.
import type { AddressInfo } from 'node:net';
import { REALTIME_MESSAGES, rooms } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { connectSocket, subscribe } from '../../../test/realtime.js';
import { client, participantToken, type Client, type Tenant } from '../agenda/agenda.test-utils.js';

let t: TestContext;
let url: string;
let ten: Tenant;
let admin: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ten = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

async function recorder(token: string): Promise<{ socket: Socket; frames: string[] }> {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  const frames: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => frames.push(JSON.stringify([event, ...args])));
  return { socket, frames };
}

async function frameWith(frames: string[], text: string, from = 0, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!frames.slice(from).some((f) => f.includes(text))) {
    if (Date.now() > deadline) throw new Error(`no frame with ${text} in ${ms} ms: ${frames.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
/** Longer than the coalescer's window (4 a second): whatever was owed has gone out. */
const settle = () => new Promise((r) => setTimeout(r, 800));

describe('feed moderation isolation on the participant socket', () => {
  it('no frame carries a pending post before approval; removal reaches every socket', async () => {
    const eventId = ten.event.id;
    expect((await admin.call('PUT', 'activity-feed/settings', { approvalRequired: true })).statusCode).toBe(
      200,
    );
    const author = await participantToken(t, eventId);
    const watcher = await participantToken(t, eventId);
    const authorClient = client(t, author.token, eventId);
    const watcherClient = client(t, watcher.token, eventId);

    const room = await recorder(watcher.token);
    expect(await subscribe(room.socket, rooms.event(eventId))).toEqual({ ok: true });
    expect(await subscribe(room.socket, rooms.eventStaff(eventId))).toEqual({
      error: REALTIME_MESSAGES.forbiddenRoom,
    });
    const authorRoom = await recorder(author.token);
    expect(await subscribe(authorRoom.socket, rooms.event(eventId))).toEqual({ ok: true });
    const mods = await recorder(ten.tokens.moderator);
    expect(await subscribe(mods.socket, rooms.event(eventId))).toEqual({ ok: true });
    expect(await subscribe(mods.socket, rooms.eventStaff(eventId))).toEqual({ ok: true });

    const text = 'Pending-then-approved fz1';
    const created = await authorClient.post('activity-feed/posts', { text });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().id as string;
    // The author likes and comments on their own pending post: nothing of it reaches the room either.
    expect((await authorClient.call('PUT', `activity-feed/posts/${postId}/like`)).statusCode).toBe(200);
    expect(
      (await authorClient.post(`activity-feed/posts/${postId}/comments`, { text: 'self fz2' })).statusCode,
    ).toBe(201);
    await frameWith(mods.frames, text); // the moderators heard of it…
    await settle();
    for (const frames of [room.frames, authorRoom.frames])
      expect(frames.filter((f) => f.includes(text) || f.includes(postId) || f.includes('fz2'))).toEqual([]);

    const approved = await admin.post(`activity-feed/moderation/posts/${postId}/moderate`, {
      action: 'APPROVE',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await frameWith(room.frames, text);

    // Counts go through the coalescer: many likes, a few messages.
    const likers = await Promise.all(Array.from({ length: 6 }, () => participantToken(t, eventId)));
    const before = room.frames.length;
    await Promise.all(
      likers.map((l) => client(t, l.token, eventId).call('PUT', `activity-feed/posts/${postId}/like`)),
    );
    await frameWith(room.frames, '"likes":7', before);
    await settle();
    const countFrames = room.frames.slice(before).filter((f) => f.startsWith('["feed.counts"'));
    expect(countFrames.length).toBeLessThan(6);

    // Deleted: every socket hears of it.
    const removedAt = [room.frames.length, authorRoom.frames.length];
    const deleted = await admin.post(`activity-feed/moderation/posts/${postId}/moderate`, {
      action: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await frameWith(
      room.frames,
      `"feed.removed",{"eventId":"${eventId}","postId":"${postId}"}`,
      removedAt[0],
      2000,
    );
    await frameWith(authorRoom.frames, `"postId":"${postId}"`, removedAt[1], 2000);
    expect((await watcherClient.get(`activity-feed/posts/${postId}`)).statusCode).toBe(404);

    // A post hidden while pending: the room never heard of its text.
    const hiddenText = 'Pending-then-hidden fz3';
    const second = await authorClient.post('activity-feed/posts', { text: hiddenText });
    await frameWith(mods.frames, hiddenText);
    await admin.post(`activity-feed/moderation/posts/${second.json().id}/moderate`, { action: 'HIDE' });
    await settle();
    expect(room.frames.filter((f) => f.includes(hiddenText))).toEqual([]);
    await admin.call('PUT', 'activity-feed/settings', { approvalRequired: false });
  });
});
