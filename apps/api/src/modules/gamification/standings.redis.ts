import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis projection of a game's standings (REDIS_URL set): a sorted set per game whose order is
 * the board's order, so the top N and a player's rank are one command each however many players.
 *
 * - `plenary:leaderboard:{<gameId>}:z`, the sorted set: member `<reachedAt µs, 17 digits>:<participantId>`,
 *   score `-raw` (hundredths of a point, negated). ZRANGE (ascending) gives the higher score first;
 *   equal scores are ordered by member, i.e. the earlier reached-at first, then participant id —
 *   exactly the SQL order. All integers, exact in a double.
 * - `plenary:leaderboard:{<gameId>}:h`, a hash: participantId → `<member>|<ledger rows>`, to find a
 *   player's member; and the field `~built` once the set was built from the ledger.
 *
 * An update carries the player's whole score read from the ledger after the award's commit, with
 * the count of their ledger rows: rows only grow between rebuilds, so an update that read fewer rows
 * than the projection holds is stale (it lost a race with a later one) and is dropped. A rebuild
 * writes both keys under new names and renames them over the old ones at once.
 */
export interface ProjectedScore {
  participantId: string;
  raw: number;
  reachedUs: string;
  rows: number;
}

const BUILT = '~built';

// KEYS: z, h. ARGV: (participantId, member, rows, score) per player. Answers 0 when not built.
const UPDATE = `
if redis.call('HEXISTS', KEYS[2], '${BUILT}') == 0 then return 0 end
for i = 1, #ARGV, 4 do
  local pid, member, rows, score = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3]
  local old = redis.call('HGET', KEYS[2], pid)
  local fresh = true
  if old then
    local sep = string.find(old, '|', 1, true)
    if rows < tonumber(string.sub(old, sep + 1)) then
      fresh = false
    else
      redis.call('ZREM', KEYS[1], string.sub(old, 1, sep - 1))
    end
  end
  if fresh then
    redis.call('ZADD', KEYS[1], score, member)
    redis.call('HSET', KEYS[2], pid, member .. '|' .. rows)
  end
end
return 1
`;

// KEYS: z, h, the new z, the new h. The new z is absent when the game has no players.
const SWAP = `
if redis.call('EXISTS', KEYS[3]) == 1 then
  redis.call('RENAME', KEYS[3], KEYS[1])
else
  redis.call('DEL', KEYS[1])
end
redis.call('RENAME', KEYS[4], KEYS[2])
return 1
`;

const memberOf = (s: ProjectedScore) => `${s.reachedUs}:${s.participantId}`;
const participantOfMember = (member: string) => member.slice(member.indexOf(':') + 1);
/** -0 would print as "-0": a player at zero points is stored as 0. */
const zscore = (raw: number) => (raw === 0 ? '0' : String(-raw));

export class StandingsProjection {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'plenary:leaderboard:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
    // Errors surface on the commands (the callers fall back to SQL); never crash on the event.
    this.redis.on('error', () => undefined);
  }

  keys(gameId: string) {
    const base = `${this.prefix}{${gameId}}`;
    return { z: `${base}:z`, h: `${base}:h` };
  }

  async isBuilt(gameId: string): Promise<boolean> {
    return (await this.redis.hexists(this.keys(gameId).h, BUILT)) === 1;
  }

  /** Applies players' new scores; false when the game's set is not built (the caller rebuilds). */
  async update(gameId: string, scores: readonly ProjectedScore[]): Promise<boolean> {
    if (scores.length === 0) return true;
    const { z, h } = this.keys(gameId);
    const args = scores.flatMap((s) => [s.participantId, memberOf(s), String(s.rows), zscore(s.raw)]);
    return (await this.redis.eval(UPDATE, 2, z, h, ...args)) === 1;
  }

  /** Replaces the game's set with these scores (every player of the game), atomically. */
  async replace(gameId: string, scores: readonly ProjectedScore[]): Promise<void> {
    const { z, h } = this.keys(gameId);
    const nonce = randomUUID();
    const [nz, nh] = [`${z}:${nonce}`, `${h}:${nonce}`];
    const BATCH = 5000;
    for (let i = 0; i < scores.length; i += BATCH) {
      const batch = scores.slice(i, i + BATCH);
      const pipeline = this.redis.pipeline();
      pipeline.zadd(nz, ...batch.flatMap((s) => [zscore(s.raw), memberOf(s)]));
      pipeline.hset(nh, ...batch.flatMap((s) => [s.participantId, `${memberOf(s)}|${s.rows}`]));
      await pipeline.exec();
    }
    await this.redis.hset(nh, BUILT, '1');
    await this.redis.eval(SWAP, 4, z, h, nz, nh);
  }

  /** Players `offset`… in board order: participant id and raw score. */
  async range(
    gameId: string,
    offset: number,
    count: number,
  ): Promise<Array<{ participantId: string; raw: number }>> {
    const flat = await this.redis.zrange(this.keys(gameId).z, offset, offset + count - 1, 'WITHSCORES');
    const out: Array<{ participantId: string; raw: number }> = [];
    for (let i = 0; i < flat.length; i += 2)
      out.push({ participantId: participantOfMember(flat[i]!), raw: -Number(flat[i + 1]) || 0 });
    return out;
  }

  async count(gameId: string): Promise<number> {
    return this.redis.zcard(this.keys(gameId).z);
  }

  /** A player's raw score and rank (1 = first); undefined without points. */
  async rankOf(gameId: string, participantId: string): Promise<{ raw: number; rank: number } | undefined> {
    const { z, h } = this.keys(gameId);
    // An update may replace the member between HGET and ZRANK: then read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await this.redis.hget(h, participantId);
      if (!stored) return undefined;
      const member = stored.slice(0, stored.lastIndexOf('|'));
      const [rank, score] = await Promise.all([this.redis.zrank(z, member), this.redis.zscore(z, member)]);
      if (rank !== null && score !== null) return { raw: -Number(score) || 0, rank: rank + 1 };
    }
    return undefined;
  }

  /** `ZRANGE z 0 -1 WITHSCORES` as Redis answers it (the rebuild test compares it byte for byte). */
  async dump(gameId: string): Promise<string[]> {
    return this.redis.zrange(this.keys(gameId).z, 0, -1, 'WITHSCORES');
  }

  /** Forgets a game's projection (tests flush it; a deleted game). */
  async drop(gameId: string): Promise<void> {
    const { z, h } = this.keys(gameId);
    await this.redis.del(z, h);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
