/**
 * One big agenda for bench/agenda.ts: an event (Europe/Berlin) with `participants` participants
 * (20 labels, two each), `sessions` sessions over 5 days (10 locations pinned on a map, 20
 * collections, 2 speakers and a material each; audiences: mostly everyone, 1 in 20 a label, 1 in
 * 50 a company rule), `perParticipant` enrollments per participant (500,000 at the defaults), 10 %
 * of them checked in, and a race session of 100 seats with a waitlist. Generated inside the
 * database with INSERT … SELECT generate_series (no rows travel from Node), then VACUUM ANALYZE.
 *
 * Imported by the bench's API worker only (it loads the whole API).
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../apps/api/src/platform/db/index.js';
import { createFactories } from '../../apps/api/test/factories.js';
import type { benchApp } from './attendees.js';

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

export interface SeededAgenda {
  eventId: string;
  /** A participant with labels and enrollments, and their token. */
  viewer: { participantId: string; token: string };
  day: string;
  raceSessionId: string;
  /** Tokens of the participants who race for the race session's seats. */
  racers: string[];
  counts: { participants: number; sessions: number; enrollments: number; checkIns: number };
  seedSeconds: number;
  postgres: string;
}

const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Cyberdyne',
  'Soylent',
];
const TYPES = ['SESSION', 'SESSION', 'SESSION', 'KEYNOTE', 'PANEL', 'WORKSHOP', 'NETWORKING', 'BREAK'];
const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

export async function seedAgenda(
  app: BenchApp,
  database: DatabaseHandle,
  o: { participants: number; sessions: number; perParticipant: number; racers: number },
): Promise<SeededAgenda> {
  const started = performance.now();
  const db = database.db;
  const f = createFactories(app.deps, app);
  const ten = await f.tenant();
  const e = ten.event.id;
  const admin = ten.users.eventAdmin.id;
  // One script on one connection: the temporary tables live in its session.
  const run = (text: string) => database.execScript(text);

  await run(`
    INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, updated_at)
      SELECT 'agenda' || g || '@perf.example.com', 'First' || (g % 997), 'Last ' || g, NULL, now(), now() FROM generate_series(1, ${o.participants}) g;
    INSERT INTO participants (event_id, user_id, company, updated_at)
      SELECT '${e}', u.id, (${arr(COMPANIES)})[1 + (hashtext(u.email) & 1023) % 10], now() FROM users u WHERE u.email LIKE 'agenda%@perf.example.com';
    INSERT INTO labels (event_id, name, type, rules, updated_at) SELECT '${e}', 'Label ' || g, 'MANUAL', '[]', now() FROM generate_series(1, 20) g;
    CREATE TEMP TABLE bp AS SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS i FROM participants WHERE event_id = '${e}';
    CREATE TEMP TABLE bl AS SELECT id, (row_number() OVER (ORDER BY name) - 1)::int AS j FROM labels WHERE event_id = '${e}';
    INSERT INTO participant_labels (label_id, participant_id)
      SELECT DISTINCT bl.id, bp.id FROM bp JOIN bl ON bl.j IN (bp.i % 20, (bp.i * 7 + 3) % 20);
    INSERT INTO locations (event_id, name, created_by) SELECT '${e}', 'Room ' || g, '${admin}' FROM generate_series(1, 10) g;
    INSERT INTO interactive_maps (event_id, name, file_key, file_type) VALUES ('${e}', 'Floor plan', 'bench-map.png', 'png');
    INSERT INTO map_pins (map_id, name, x, y, location_id)
      SELECT m.id, 'Pin ' || l.name, 0.1, 0.2, l.id FROM interactive_maps m CROSS JOIN locations l WHERE m.event_id = '${e}' AND l.event_id = '${e}';
    INSERT INTO collections (event_id, name, color, audience)
      SELECT '${e}', 'Track ' || g, '#1c7ed6', '{"type":"EVERYONE","labelIds":[],"rules":[]}' FROM generate_series(1, 20) g;
    INSERT INTO materials (event_id, name, file_key, file_name, file_type, file_size)
      SELECT '${e}', 'Slides ' || g, 'bench-' || g || '.pdf', 'slides.pdf', 'pdf', 1000 FROM generate_series(1, 20) g;
    CREATE TEMP TABLE bloc AS SELECT id, (row_number() OVER (ORDER BY name) - 1)::int AS j FROM locations WHERE event_id = '${e}';
    CREATE TEMP TABLE bcol AS SELECT id, (row_number() OVER (ORDER BY name) - 1)::int AS j FROM collections WHERE event_id = '${e}';
    CREATE TEMP TABLE bmat AS SELECT id, (row_number() OVER (ORDER BY name) - 1)::int AS j FROM materials WHERE event_id = '${e}';
    INSERT INTO sessions (event_id, name, description, type, start_at, end_at, location_id, audience, capacity, enrollable, created_by)
      SELECT '${e}', 'Session ' || g, 'About topic ' || (g % 97) || ' and more',
        (${arr(TYPES)})[1 + g % ${TYPES.length}],
        timestamptz '2030-06-01 08:00 Europe/Berlin' + (g % 5) * interval '1 day' + ((g / 5) % 40) * interval '15 minutes',
        timestamptz '2030-06-01 08:45 Europe/Berlin' + (g % 5) * interval '1 day' + ((g / 5) % 40) * interval '15 minutes',
        (SELECT id FROM bloc WHERE j = g % 10),
        CASE WHEN g % 20 = 0 THEN jsonb_build_object('type', 'LABELS', 'labelIds', jsonb_build_array((SELECT id FROM bl WHERE j = (g / 20) % 20)), 'rules', '[]'::jsonb)
             WHEN g % 50 = 1 THEN jsonb_build_object('type', 'RULES', 'labelIds', '[]'::jsonb, 'rules', jsonb_build_array(jsonb_build_object('field', 'company', 'operator', 'EQUAL', 'value', (${arr(COMPANIES)})[1 + (g / 50) % 10])))
             ELSE '{"type":"EVERYONE","labelIds":[],"rules":[]}'::jsonb END,
        CASE WHEN g % 4 = 0 THEN 1000 END, true, '${admin}'
      FROM generate_series(0, ${o.sessions - 1}) g;
    CREATE TEMP TABLE bs AS SELECT id, (row_number() OVER (ORDER BY start_at, id) - 1)::int AS j FROM sessions WHERE event_id = '${e}';
    INSERT INTO session_speakers (session_id, participant_id, position)
      SELECT bs.id, bp.id, bp.i - bs.j * 2 FROM bs JOIN bp ON bp.i IN (bs.j * 2, bs.j * 2 + 1);
    INSERT INTO session_collections (session_id, collection_id) SELECT bs.id, bcol.id FROM bs JOIN bcol ON bcol.j = bs.j % 20;
    INSERT INTO session_materials (session_id, material_id) SELECT bs.id, bmat.id FROM bs JOIN bmat ON bmat.j = bs.j % 20;
    INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at, updated_at)
      SELECT bs.id, bp.id, '${e}', 'ENROLLED', now() - (bp.i % 1000) * interval '1 second', now()
      FROM bp CROSS JOIN generate_series(0, ${o.perParticipant - 1}) k JOIN bs ON bs.j = (bp.i * 7 + k * 197) % ${o.sessions};
    INSERT INTO session_check_ins (session_id, participant_id, event_id, method)
      SELECT session_id, participant_id, event_id, 'QR' FROM enrollments WHERE event_id = '${e}' AND hashtext(participant_id::text || session_id::text) % 10 = 0;
    UPDATE sessions s SET enrolled_count = c.n FROM (SELECT session_id, count(*)::int AS n FROM enrollments WHERE event_id = '${e}' GROUP BY 1) c WHERE c.session_id = s.id;
    UPDATE sessions s SET attended_count = c.n FROM (SELECT session_id, count(*)::int AS n FROM session_check_ins WHERE event_id = '${e}' GROUP BY 1) c WHERE c.session_id = s.id;
  `);
  const race = await db
    .insertInto('sessions')
    .values({
      eventId: e,
      name: 'The race',
      startAt: new Date('2030-06-03T12:00:00Z'),
      endAt: new Date('2030-06-03T13:00:00Z'),
      capacity: 100,
      enrollable: true,
      waitlist: true,
      audience: JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await run('VACUUM ANALYZE');

  const { rows: people } = await sql<{ id: string; userId: string }>`
    SELECT id, user_id FROM (SELECT id, user_id, row_number() OVER (ORDER BY id) AS i FROM participants WHERE event_id = ${e}) x
    WHERE i > ${Math.max(0, Math.min(Math.floor(o.participants / 4), o.participants - o.racers - 1))} ORDER BY i LIMIT ${o.racers + 1}`.execute(
    db,
  );
  const racers: string[] = [];
  for (const p of people.slice(1)) racers.push(await f.token(p.userId, 'event'));
  const viewer = people[0]!;
  const count = async (table: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n;
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
    db,
  );
  return {
    eventId: e,
    viewer: { participantId: viewer.id, token: await f.token(viewer.userId, 'event') },
    day: '2030-06-02',
    raceSessionId: race.id,
    racers,
    counts: {
      participants: await count('participants'),
      sessions: await count('sessions'),
      enrollments: await count('enrollments'),
      checkIns: await count('session_check_ins'),
    },
    seedSeconds: (performance.now() - started) / 1000,
    postgres: version[0]?.v ?? 'unknown',
  };
}
