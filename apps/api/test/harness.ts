import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadBrands } from '../src/platform/brands.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import type { AppDeps, BaseDeps } from '../src/platform/deps.js';
import type { PushSender } from '../src/platform/push.js';
import type { MailMessage, Mailer } from '../src/platform/mail.js';
import { createTestDatabase } from './database.js';
import { createFactories, type Factories } from './factories.js';

/** A mailer that keeps what it sends, for tests that read the links out of e-mails. */
export class TestMailbox implements Mailer {
  readonly devMailbox = true;
  readonly sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
  /** The first URL in the last message to `to`. */
  linkTo(to: string): URL {
    const text = this.lastTo(to)?.text ?? '';
    const match = /https?:\/\/\S+/.exec(text);
    if (!match) throw new Error(`no link in the last e-mail to ${to}`);
    return new URL(match[0]);
  }
}

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  mail: TestMailbox;
  f: Factories;
  /**
   * Resolves once no job of the app's queues waits or runs: e-mails queued by a request have been
   * handed to the mailer. Jobs in retry with a later start time are waited for too (up to `timeoutMs`).
   */
  drainJobs(timeoutMs?: number): Promise<void>;
  /** app.inject with a bearer token. */
  as(token: string | undefined, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestContext(
  overrides: Partial<Config> = {},
  mailer?: Mailer,
  /** e.g. a push sender that trusts the fake push service's certificate (test/fake-push.ts). */
  extra: { push?: PushSender } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = {
    ...loadConfig({
      DATA_DIR: resolve(import.meta.dirname, '../../../.tmp/test-data'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
      PUBLIC_URL: 'http://localhost:3000',
    }),
    ...overrides,
  };
  const mail = new TestMailbox();
  const base: BaseDeps = {
    config,
    database,
    db: database.db,
    mailer: mailer ?? mail,
    ...(extra.push ? { push: extra.push } : {}),
    brands: loadBrands(resolve(import.meta.dirname, '../../../config/brands.json')),
  };
  const app = await buildApp(base);
  await app.ready();
  const deps: AppDeps = app.deps;
  const f = createFactories(deps, app);
  return {
    app,
    deps,
    mail,
    f,
    async drainJobs(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // pg-boss's own queues (its cron timekeeper) are not work of ours.
        // Undispatched domain events count too: they become jobs (platform/domain-events.ts).
        const { rows } = await sql<{
          n: number;
        }>`SELECT ((SELECT count(*) FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND NOT starts_with(name, '__pgboss')) + (SELECT count(*) FROM domain_events WHERE dispatched_at IS NULL))::int AS n`.execute(
          deps.db,
        );
        if (rows[0]!.n === 0) return;
        if (Date.now() > deadline)
          throw new Error(`drainJobs: ${rows[0]!.n} jobs still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    as: (token, opts) =>
      app.inject({
        ...opts,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
      }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
