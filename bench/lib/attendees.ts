/**
 * One event with many participants, for the attendee benches (list under load, View All in the
 * browser): a fresh database on the PostgreSQL server, the API built on it, an org → hub → event
 * with an event admin (the test factories), three custom fields (ENUM, NUMBER, STRING) and a rule
 * label made through the API, `rows` participants imported with `upsertParticipants` (then 10,000
 * of them updated), then VACUUM ANALYZE, as autovacuum would after a bulk load.
 *
 * Imported by the benches' API worker only (it loads the whole API).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/api/src/app.js';
import { loadBrands } from '../../apps/api/src/platform/brands.js';
import { upsertParticipants } from '../../apps/api/src/modules/attendees/participants.import.js';
import { loadConfig } from '../../apps/api/src/platform/config.js';
import { openPostgres, type DatabaseHandle } from '../../apps/api/src/platform/db/index.js';
import { migrate } from '../../apps/api/src/platform/db/migrate.js';
import { createMailer } from '../../apps/api/src/platform/mail.js';
import { createFactories, TEST_PASSWORD } from '../../apps/api/test/factories.js';

/** Ids and keys of what was created; the benches' requests and EXPLAINs refer to them. */
export interface AttendeeIds {
  size: string;
  score: string;
  city: string;
  sizeKey: string;
  scoreKey: string;
  vip: string;
}

export interface SeededAttendees {
  eventId: string;
  eventName: string;
  /** The event admin's sign-in. */
  email: string;
  password: string;
  ids: AttendeeIds;
  /** Milliseconds of the import of `created` new participants, and of the update of 10,000. */
  createMs: number;
  created: number;
  updateMs: number;
  postgres: string;
}

export interface BenchDatabase {
  database: DatabaseHandle;
  /** The database's name (PostgreSQL's process titles carry it). */
  name: string;
  drop: () => Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

/** A new, empty, migrated database on `serverUrl` (pool of 10, the application's default) and how to drop it. */
export async function benchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `plenary_bench_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  const drop = async () => {
    await database.close().catch(() => undefined);
    const cleanup = openPostgres(serverUrl, 1);
    await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.close();
  };
  try {
    await migrate(database);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { database, name, drop };
}

/** The API on `database`, silent, no demo data; `env` adds configuration (e.g. WEB_DIST). */
export async function benchApp(database: DatabaseHandle, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: resolve(root, '.tmp/bench-data'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    db: database.db,
    mailer: createMailer(database.db, { from: config.MAIL_FROM }),
    brands: loadBrands(resolve(root, 'config/brands.json')),
  });
  await app.ready();
  return app;
}

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Wonka',
  'Cyberdyne',
  'Soylent',
];
const FIRST = [
  'Anna',
  'Ben',
  'Chloé',
  'David',
  'Elena',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kwame',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
];
const LAST = [
  'Smith',
  'Okafor',
  'Becker',
  'Rossi',
  'Tanaka',
  'Patel',
  'Lindqvist',
  'Dubois',
  'Ramírez',
  'Rahman',
  'Williams',
  'Popescu',
  'Mensah',
  'Novak',
];

/** An event with `n` participants (deterministic but uncorrelated columns), its custom fields and a rule label. */
export async function seedAttendees(
  app: BenchApp,
  database: DatabaseHandle,
  n: number,
): Promise<SeededAttendees> {
  const f = createFactories(app.deps, app);
  const ten = await f.tenant();
  const eventId = ten.event.id;
  const post = async (path: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/events/${eventId}/${path}`,
      payload,
      headers: { authorization: `Bearer ${ten.tokens.eventAdmin}` },
    });
    if (res.statusCode >= 300) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; key: string };
  };
  const size = await post('custom-fields', {
    name: 'Shirt size',
    dataType: 'ENUM',
    settings: { enumValues: ['S', 'M', 'L', 'XL'], isEnumMultiple: true },
  });
  const score = await post('custom-fields', { name: 'Score', dataType: 'NUMBER' });
  const city = await post('custom-fields', { name: 'City', dataType: 'STRING' });
  const vip = await post('labels', {
    name: 'High scorers',
    type: 'RULE',
    rules: [{ field: score.id, operator: 'GREATER_THAN_EQUAL', value: 90 }],
  });
  const ids: AttendeeIds = {
    size: size.id,
    score: score.id,
    city: city.id,
    sizeKey: size.key,
    scoreKey: score.key,
    vip: vip.id,
  };

  // A company's people are spread over every last name.
  let seed = 42;
  const pick = <T>(list: readonly T[]) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return list[(seed >>> 16) % list.length]!;
  };
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `person${i}@perf.example.com`,
    firstName: pick(FIRST),
    lastName: `${pick(LAST)} ${i}`,
    company: pick(COMPANIES),
    jobTitle: i % 3 === 0 ? 'Engineer' : 'Manager',
    customFields: {
      [size.id]: [['S', 'M', 'L', 'XL'][i % 4]!],
      [score.id]: i % 100,
      [city.id]: i % 2 ? 'Lisbon' : 'Berlin',
    },
  }));
  const actor = { actorId: ten.users.eventAdmin.id };
  const t0 = performance.now();
  const result = await database.db
    .transaction()
    .execute((tx) => upsertParticipants(tx, eventId, rows, actor));
  const createMs = performance.now() - t0;
  const t1 = performance.now();
  const updates = rows.slice(0, Math.min(10_000, n)).map((r) => ({ ...r, jobTitle: 'Director' }));
  await database.db.transaction().execute((tx) => upsertParticipants(tx, eventId, updates, actor));
  const updateMs = performance.now() - t1;
  // What autovacuum does after a bulk load: statistics, and the visibility map (index-only counts).
  await sql`VACUUM ANALYZE participants`.execute(database.db);
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
    database.db,
  );
  return {
    eventId,
    eventName: ten.event.name,
    email: ten.users.eventAdmin.email,
    password: TEST_PASSWORD,
    ids,
    createMs,
    created: result.created,
    updateMs,
    postgres: version[0]?.v ?? 'unknown',
  };
}
