import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createForeground, installForeground } from './foreground.js';

/** Keeps the event loop busy (short blocking slices) until `ms` have passed. */
async function busyFor(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const slice = performance.now() + 5;
    while (performance.now() < slice);
    await new Promise((r) => setImmediate(r));
  }
}

describe('platform/foreground', () => {
  it('gives background work its turn at once when no request is in flight', async () => {
    const foreground = createForeground({ maxWaitMs: 5_000 });
    const started = performance.now();
    await foreground.turn();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('makes it wait while requests keep the event loop busy, up to the longest wait', async () => {
    const foreground = createForeground({ windowMs: 20, maxWaitMs: 300, busyShare: 0.5 });
    const end = foreground.begin();
    const busy = busyFor(600);
    let turned = false;
    const turn = foreground.turn().then(() => (turned = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(turned).toBe(false);
    await turn;
    await busy;
    end();
    expect(foreground.inFlight).toBe(0);
  });

  it('gives the turn while requests are in flight but the event loop has spare time', async () => {
    const foreground = createForeground({ windowMs: 20, maxWaitMs: 60_000 });
    foreground.begin();
    const started = performance.now();
    await foreground.turn();
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('tells how long the oldest request still in flight has waited', async () => {
    const foreground = createForeground();
    expect(foreground.oldestWaitMs()).toBe(0);
    const endFirst = foreground.begin();
    await new Promise((r) => setTimeout(r, 100));
    const endSecond = foreground.begin();
    expect(foreground.oldestWaitMs()).toBeGreaterThanOrEqual(90);
    endFirst();
    expect(foreground.oldestWaitMs()).toBeLessThan(90);
    endSecond();
    endSecond();
    expect(foreground.oldestWaitMs()).toBe(0);
    expect(foreground.inFlight).toBe(0);
  });

  it('counts a request from its arrival to its answer, once', async () => {
    const app = Fastify();
    const foreground = installForeground(app);
    let during = -1;
    app.get('/', async () => {
      during = foreground.inFlight;
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/' });
    expect(during).toBe(1);
    expect(foreground.inFlight).toBe(0);
    await app.close();
  });
});
