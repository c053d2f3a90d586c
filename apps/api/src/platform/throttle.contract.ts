import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Throttle } from './throttle.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same contract for every implementation. */
export function throttleContract(name: string, make: () => Throttle) {
  describe(name, () => {
    let throttle: Throttle;
    beforeAll(() => {
      throttle = make();
    });
    afterAll(() => throttle.close());
    const key = () => `test:${randomUUID()}`;

    it('allows up to the limit, then refuses with the time left in the window', async () => {
      const k = key();
      for (let i = 1; i <= 3; i++)
        expect(await throttle.hit(k, 3, 60)).toMatchObject({ allowed: true, count: i });
      const refused = await throttle.hit(k, 3, 60);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSec).toBeGreaterThan(0);
      expect(refused.retryAfterSec).toBeLessThanOrEqual(60);
    });

    it('starts a new window when the old one is over', async () => {
      const k = key();
      await throttle.hit(k, 1, 1);
      expect((await throttle.hit(k, 1, 1)).allowed).toBe(false);
      await sleep(2100);
      expect(await throttle.hit(k, 1, 1)).toMatchObject({ allowed: true, count: 1 });
    });

    it('counts parallel hits exactly (atomic)', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 20 }, () => throttle.hit(k, 5, 60)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('undo gives one hit back; reset clears the key; keys are independent', async () => {
      const k = key();
      const other = key();
      await throttle.hit(k, 2, 60);
      await throttle.hit(k, 2, 60);
      await throttle.undo(k);
      expect(await throttle.hit(k, 2, 60)).toMatchObject({ allowed: true, count: 2 });
      expect((await throttle.hit(k, 2, 60)).allowed).toBe(false);
      await throttle.reset(k);
      expect(await throttle.hit(k, 2, 60)).toMatchObject({ allowed: true, count: 1 });
      expect(await throttle.hit(other, 2, 60)).toMatchObject({ count: 1 });
      // undo of an unknown key does nothing (and creates nothing)
      await throttle.undo(key());
    });
  });
}
