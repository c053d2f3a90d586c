import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from './db/index.js';
import { throttleContract } from './throttle.contract.js';
import { DbThrottle, RedisThrottle } from './throttle.js';

// Runs only with REDIS_URL (see vitest.config.ts).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

throttleContract(
  'RedisThrottle',
  () => new RedisThrottle(process.env.REDIS_URL ?? '', new DbThrottle(database.db), `test:${randomUUID()}:`),
);
