// The moderation-isolation test (issue 12, item 4): with moderation on, a participant's socket
// receives no frame containing a question's text until it is approved, and none after a rejection.
// A recorder on a real socket.io client keeps every frame the participant gets.
import type { AddressInfo } from 'node:net';
import { REALTIME_MESSAGES, rooms } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { connectSocket, subscribe } from '../../../test/realtime.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { qaInstance } from './qa.test-utils.js';

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

/** A connected socket whose every frame (any event) lands in `frames` as JSON text. */
async function recorder(token: string): Promise<{ socket: Socket; frames: string[] }> {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  const frames: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => frames.push(JSON.stringify([event, ...args])));
  return { socket, frames };
}

/** Resolves once a frame matches (fails the test after `ms`). */
async function frameWith(frames: string[], text: string, from = 0, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!frames.slice(from).some((f) => f.includes(text))) {
    if (Date.now() > deadline) throw new Error(`no frame with ${text} in ${ms} ms: ${frames.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
/** Longer than the coalescer's window (4 a second): whatever was owed has gone out. */
const settle = () => new Promise((r) => setTimeout(r, 800));

describe('moderation isolation on the participant socket', () => {
  it('no frame carries a question before approval or after rejection; the moderator room does', async () => {
    const eventId = ten.event.id;
    const sessionId = (await session(admin, { name: 'Isolated' })).id;
    const { instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const asker = await participantToken(t, eventId);
    const watcher = await participantToken(t, eventId);
    const askerClient = client(t, asker.token, eventId);

    const room = await recorder(watcher.token);
    expect(await subscribe(room.socket, rooms.engagement(instanceId))).toEqual({ ok: true });
    // A participant may not listen to the moderators.
    expect(await subscribe(room.socket, rooms.moderatorQueue(instanceId))).toEqual({
      error: REALTIME_MESSAGES.forbiddenRoom,
    });
    // The asker's own socket, in the room too, hears nothing of its pending question either.
    const askerRoom = await recorder(asker.token);
    expect(await subscribe(askerRoom.socket, rooms.engagement(instanceId))).toEqual({ ok: true });
    const mods = await recorder(ten.tokens.eventAdmin);
    expect(await subscribe(mods.socket, rooms.moderatorQueue(instanceId))).toEqual({ ok: true });

    const approvedText = 'Pending-then-approved zq1';
    const ask = async (text: string) => {
      const res = await askerClient.post(`engagement/instances/${instanceId}/questions`, { text });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const first = await ask(approvedText);
    await frameWith(mods.frames, approvedText); // the moderators heard of it…
    await settle();
    expect(room.frames.filter((f) => f.includes(approvedText))).toEqual([]); // …the room did not
    expect(askerRoom.frames.filter((f) => f.includes(approvedText))).toEqual([]);

    const approved = await admin.post(`moderation/answers/${first}/moderate`, { action: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    await frameWith(room.frames, approvedText);

    const rejectedText = 'Pending-then-rejected zq2';
    const second = await ask(rejectedText);
    await frameWith(mods.frames, rejectedText);
    const framesBefore = room.frames.length;
    const rejected = await admin.post(`moderation/answers/${second}/moderate`, { action: 'REJECT' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // Star, reply and edit of a rejected question: the room still gets nothing with its text.
    await admin.post(`moderation/answers/${second}/moderate`, { action: 'STAR' });
    await admin.post(`moderation/reply/${second}`, { text: 'Reply to rejected zq3' });
    // Something the room does hear of (an upvote of the approved one), so frames keep flowing.
    const upvote = await askerClient.call('PUT', `engagement/questions/${first}/upvote`);
    expect(upvote.statusCode, upvote.body).toBe(200);
    await frameWith(room.frames, '"upvotes":1', framesBefore);
    await settle();
    for (const frames of [room.frames, askerRoom.frames]) {
      expect(frames.filter((f) => f.includes(rejectedText) || f.includes('zq3'))).toEqual([]);
      // Only the participants' events reach the engagement room: never the queue.
      expect(frames.filter((f) => f.startsWith('["qa.queue"'))).toEqual([]);
    }
    await frameWith(mods.frames, 'Reply to rejected zq3');
  });
});
