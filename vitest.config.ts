import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      // The web app's unit tests are pure functions (URL ↔ query, time zones, windows…): no DOM needed.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'api',
          // *.redis.test.ts need a Redis server: CI's second run sets REDIS_URL.
          include: ['apps/api/src/**/*.test.ts'],
          exclude: process.env.REDIS_URL ? [] : ['apps/api/src/**/*.redis.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // Files of a worker share its loaded modules: each file builds its own app and database
          // (test/harness.ts), so nothing a test sees is left by another file, and loading the API
          // once per worker instead of once per file halves the run (5.5 → 2.5 min here).
          isolate: false,
        },
      },
    ],
  },
});
