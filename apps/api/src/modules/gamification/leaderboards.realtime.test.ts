// The `leaderboard` room over real sockets: who may join it, and many awards → a few coalesced
// `leaderboard.changed` snapshots, the last one final.
import type { AddressInfo } from 'node:net';
import { REALTIME_MESSAGES, rooms, type LeaderboardSnapshot } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { collectUntil, connectSocket, subscribe } from '../../../test/realtime.js';
import { at, award, createGame, createTask, person } from './standings.test-utils.js';

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

describe('the leaderboard room', () => {
  it('admits the event’s staff always, its participants while the game is published; refuses other events and tenants', async () => {
    const ten = await t.f.tenant();
    const other = await t.f.tenant();
    const published = await createGame(t, ten.event.id);
    const draft = await createGame(t, ten.event.id, { isPublished: false });
    const ok = { ok: true };
    const refused = { error: REALTIME_MESSAGES.forbiddenRoom };
    const answers = async (token: string) => {
      const socket = await socketOf(token);
      return [
        await subscribe(socket, rooms.leaderboard(published)),
        await subscribe(socket, rooms.leaderboard(draft)),
      ];
    };
    expect(await answers(ten.tokens.eventAdmin)).toEqual([ok, ok]);
    expect(await answers(ten.tokens.moderator)).toEqual([ok, ok]);
    expect(await answers(ten.tokens.participant)).toEqual([ok, refused]);
    expect(await answers(other.tokens.participant)).toEqual([refused, refused]);
    expect(await answers(other.tokens.eventAdmin)).toEqual([refused, refused]);
    expect(await answers(ten.tokens.superadmin)).toEqual([ok, ok]);
    const socket = await socketOf(ten.tokens.eventAdmin);
    expect(await subscribe(socket, rooms.leaderboard('00000000-0000-4000-8000-000000000000'))).toEqual(
      refused,
    );
  });

  it('200 awards in a burst reach the board as a few snapshots (at most 4 a second), the last one final', async () => {
    const ten = await t.f.tenant();
    const gameId = await createGame(t, ten.event.id);
    const taskId = await createTask(t, ten.event.id, gameId);
    const players: Array<Awaited<ReturnType<typeof person>>> = [];
    for (let i = 0; i < 20; i++) players.push(await person(t, ten.event.id));
    const socket = await socketOf(ten.tokens.eventAdmin);
    expect(await subscribe(socket, rooms.leaderboard(gameId))).toEqual({ ok: true });
    const final = (s: LeaderboardSnapshot) => s.players === 20 && s.entries[0]?.score === 100;
    const got = collectUntil(socket, 'leaderboard.changed', (p) => final(p as LeaderboardSnapshot));
    const started = performance.now();
    // Ten rounds: players 0–18 end with 10 points, the last one with 100.
    for (let round = 0; round < 10; round++)
      for (let i = 0; i < 20; i++)
        await award(t, {
          eventId: ten.event.id,
          gameId,
          taskId,
          participantId: players[i]!.id,
          points: i === 19 ? 10 : 1,
          at: at(round),
        });
    const snapshots = (await got) as LeaderboardSnapshot[];
    const seconds = (performance.now() - started) / 1000;
    expect(snapshots.length).toBeLessThanOrEqual(Math.ceil(seconds) * 4 + 1);
    expect(snapshots.length).toBeLessThan(200);
    const last = snapshots.at(-1)!;
    expect(last.entries[0]).toMatchObject({ participantId: players[19]!.id, score: 100, rank: 1 });
    expect(last.entries).toHaveLength(10);
    expect(last.entries.slice(1).every((e) => e.score === 10)).toBe(true);
  });
});
