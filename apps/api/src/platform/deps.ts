import type { BrandCatalog } from './brands.js';
import type { Config } from './config.js';
import type { DatabaseHandle, Db } from './db/index.js';
import type { DomainEvents } from './domain-events.js';
import type { Jobs } from './jobs.js';
import type { MailOutbox, Mailer } from './mail.js';
import type { PushSender } from './push.js';
import type { Realtime } from './realtime.js';

/** Everything a module needs from the outside world, built once in main.ts (and by tests). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  /** The transport (SMTP or the dev mailbox); only the outbox's worker sends through it. */
  mailer: Mailer;
  brands: BrandCatalog;
  /** Created by buildApp on the app's HTTP server. */
  realtime: Realtime;
  /** Background jobs (pg-boss); created by buildApp, workers started when the app is ready. */
  jobs: Jobs;
  /** Every e-mail: queued in the write's transaction, sent by a job (platform/mail.ts). */
  mail: MailOutbox;
  /** Subscribing to domain events (`publish(tx, …)` itself needs only the transaction). */
  events: DomainEvents;
  /** Web Push (platform/push.ts); VAPID keys from config or DATA_DIR/vapid.json. */
  push: PushSender;
}

/** `push` is optional: buildApp makes the config's sender when none is given (tests pass a fake-CA one). */
export type BaseDeps = Omit<AppDeps, 'realtime' | 'jobs' | 'mail' | 'events' | 'push'> & {
  push?: PushSender;
};
