// Chat over real sockets (issue 13): each message reaches the conversation room individually and in
// order; a member whose socket was gone while others wrote catches up on reconnect with
// `GET …/messages?after=<last seq held>` and, merged by seq, holds every message exactly once.
import type { AddressInfo } from 'node:net';
import { mergeMessages, REALTIME_MESSAGES, rooms, type ChatMessage } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { collectUntil, connectSocket, subscribe } from '../../../test/realtime.js';
import { client, participantToken, type Client } from '../agenda/agenda.test-utils.js';

let t: TestContext;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

async function socketOf(token: string): Promise<Socket> {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  return socket;
}

type Held = Pick<ChatMessage, 'id' | 'seq' | 'text'>;

describe('chat over sockets', () => {
  it('delivers in order, and after a reconnect the catch-up read fills the gap exactly once', async () => {
    const ten = await t.f.tenant();
    const eventId = ten.event.id;
    const alice = await participantToken(t, eventId);
    const bob = await participantToken(t, eventId);
    const stranger = await participantToken(t, eventId);
    const aliceClient: Client = client(t, alice.token, eventId);
    const bobClient: Client = client(t, bob.token, eventId);
    const conversationId = (
      await aliceClient.post('chat/conversations', { kind: 'DIRECT', participantId: bob.participantId })
    ).json().id as string;
    const room = rooms.conversation(conversationId);

    // Members only.
    const strangerSocket = await socketOf(stranger.token);
    expect(await subscribe(strangerSocket, room)).toEqual({ error: REALTIME_MESSAGES.forbiddenRoom });

    let bobSocket = await socketOf(bob.token);
    expect(await subscribe(bobSocket, room)).toEqual({ ok: true });
    const live = collectUntil(bobSocket, 'chat.message', (m) => (m as ChatMessage).seq === 3);
    const send = async (text: string) => {
      const res = await aliceClient.post(`chat/conversations/${conversationId}/messages`, { text });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (const text of ['m1', 'm2', 'm3']) await send(text);
    let held: Held[] = (await live) as Held[];
    expect(held.map((m) => [m.seq, m.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
    ]);

    // Bob goes away; Alice writes on.
    bobSocket.close();
    for (const text of ['m4', 'm5', 'm6']) await send(text);

    // Bob is back: resubscribes, then asks for what came after the last seq he holds.
    bobSocket = await socketOf(bob.token);
    expect(await subscribe(bobSocket, room)).toEqual({ ok: true });
    const afterReconnect = collectUntil(bobSocket, 'chat.message', (m) => (m as ChatMessage).seq === 7);
    const lastHeld = Math.max(...held.map((m) => m.seq));
    const caught = (
      await bobClient.get(`chat/conversations/${conversationId}/messages?after=${lastHeld}`)
    ).json();
    held = mergeMessages(held, caught.messages as Held[]);
    await send('m7');
    held = mergeMessages(held, (await afterReconnect) as Held[]);
    // A repeated catch-up (a flaky network) changes nothing.
    const again = (await bobClient.get(`chat/conversations/${conversationId}/messages?after=0`)).json();
    held = mergeMessages(held, again.messages as Held[]);
    expect(held.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(new Set(held.map((m) => m.id)).size).toBe(7);
  });

  it('a blacklisted member leaves the room at once and is refused it', async () => {
    const ten = await t.f.tenant();
    const eventId = ten.event.id;
    const alice = await participantToken(t, eventId);
    const bob = await participantToken(t, eventId);
    const carol = await participantToken(t, eventId);
    const conversationId = (
      await client(t, alice.token, eventId).post('chat/conversations', {
        kind: 'GROUP',
        name: 'Three',
        participantIds: [bob.participantId, carol.participantId],
      })
    ).json().id as string;
    const room = rooms.conversation(conversationId);
    const bobSocket = await socketOf(bob.token);
    const carolSocket = await socketOf(carol.token);
    expect(await subscribe(bobSocket, room)).toEqual({ ok: true });
    expect(await subscribe(carolSocket, room)).toEqual({ ok: true });
    const frames: string[] = [];
    bobSocket.onAny((event: string, ...args: unknown[]) => frames.push(JSON.stringify([event, ...args])));
    const admin = client(t, ten.tokens.eventAdmin, eventId);
    expect((await admin.call('PUT', `chat/blacklist/${bob.participantId}`)).statusCode).toBe(200);
    const carolGot = collectUntil(carolSocket, 'chat.message', () => true);
    const sent = await client(t, alice.token, eventId).post(`chat/conversations/${conversationId}/messages`, {
      text: 'not for bob',
    });
    expect(sent.statusCode).toBe(201);
    await carolGot;
    // The room's message went out (Carol has it); Bob's socket, out of the room, got none of it.
    expect(frames.filter((f) => f.includes('not for bob'))).toEqual([]);
    expect(await subscribe(bobSocket, room)).toEqual({ error: REALTIME_MESSAGES.forbiddenRoom });
  });
});
