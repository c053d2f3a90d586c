import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from './db/index.js';
import { throttleContract } from './throttle.contract.js';
import { DbThrottle, RedisThrottle, storedKey } from './throttle.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

throttleContract('DbThrottle', () => new DbThrottle(database.db));

describe('throttle storage', () => {
  it('stores hashed keys only (no e-mail addresses or IPs in the table)', async () => {
    const throttle = new DbThrottle(database.db);
    await throttle.hit('signin:pair:someone@example.com|10.1.2.3', 5, 60);
    const rows = await database.db.selectFrom('throttle').select('key').execute();
    expect(rows.some((r) => r.key.includes('someone'))).toBe(false);
    expect(rows.map((r) => r.key)).toContain(storedKey('signin:pair:someone@example.com|10.1.2.3'));
    expect(storedKey('signin:pair:someone@example.com|10.1.2.3')).toMatch(/^signin:pair:[0-9a-f]{40}$/);
    expect(storedKey('signin:ip:::1')).toMatch(/^signin:ip:[0-9a-f]{40}$/);
  });

  it('falls back to the database when Redis does not answer', async () => {
    const errors: unknown[] = [];
    const throttle = new RedisThrottle('redis://127.0.0.1:1', new DbThrottle(database.db), 'x:', (e) =>
      errors.push(e),
    );
    const k = `test:${randomUUID()}`;
    expect(await throttle.hit(k, 1, 60)).toMatchObject({ allowed: true, count: 1 });
    expect((await throttle.hit(k, 1, 60)).allowed).toBe(false);
    await throttle.reset(k);
    expect(await throttle.hit(k, 1, 60)).toMatchObject({ allowed: true });
    expect(errors.length).toBeGreaterThan(0);
    await throttle.close();
  });
});
