import type { BrandCatalog } from '../modules/brand/brand.js';
import type { Config } from './config.js';
import type { DatabaseHandle, Db } from './db/index.js';
import type { Jobs } from './jobs.js';
import type { Mailer } from './mail.js';
import type { Realtime } from './realtime.js';

/** Everything a module needs from the outside world, built once in main.ts (and by tests). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  mailer: Mailer;
  brands: BrandCatalog;
  /** Created by buildApp on the app's HTTP server. */
  realtime: Realtime;
  /** Background jobs (pg-boss); created by buildApp, workers started when the app is ready. */
  jobs: Jobs;
}

export type BaseDeps = Omit<AppDeps, 'realtime' | 'jobs'>;
