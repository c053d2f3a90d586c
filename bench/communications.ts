/**
 * Campaign delivery at scale, on PostgreSQL (issue 14): one campaign to BENCH_RECIPIENTS (default
 * 10,000) participants by e-mail and by push — e-mail to a local SMTP sink (smtp-server on
 * loopback), push to the fake push service (apps/api/test/fake-push.ts, HTTPS on 127.0.0.1, one
 * subscription per participant, real aes128gcm encryption and VAPID signing):
 *  1. rate limit off: time from start to SENT, messages per second per channel, the API process's
 *     peak RSS and heap;
 *  2. a limit of BENCH_RATE (default 100) per second on each transport, for a campaign to
 *     BENCH_LIMITED (default 1,500) of them: the most messages the sink and the push service saw in
 *     any wall-clock second (must not exceed the limit).
 * The engine runs in this process (as in an API process); it prints a Markdown section (no file).
 *
 *   npm run bench -- communications
 *   BENCH_RECIPIENTS=2000 node --import tsx bench/communications.ts   (a quick run)
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { startFakePushService } from '../apps/api/test/fake-push.js';
import { createMailer } from '../apps/api/src/platform/mail.js';
import { createPushSender, vapidKeys } from '../apps/api/src/platform/push.js';
import { deliveryEngineOf } from '../apps/api/src/modules/communications/communications.routes.js';
import { createDeliveryEngine } from '../apps/api/src/modules/communications/delivery-engine.js';
import {
  insertCommunication,
  setStatus,
} from '../apps/api/src/modules/communications/communications.repo.js';
import { benchApp, benchDatabase, seedAttendees } from './lib/attendees.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const LIMITED = Number(process.env.BENCH_LIMITED ?? 1_500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const perSecond = new Map<number, number>();
  let mails = 0;
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails++;
        const s = Math.floor(Date.now() / 1000);
        perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp as unknown as { server: { address(): AddressInfo } }).server.address().port;
  const fake = await startFakePushService();
  const push = createPushSender(
    vapidKeys({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vapid-')),
      MAIL_FROM: 'x@plenary.local',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
    }),
    { ca: fake.ca },
  );
  const { database, drop } = await benchDatabase(SERVER_URL);
  try {
    const app = await benchApp(database);
    await deliveryEngineOf(app.deps)?.stop();
    const seeded = await seedAttendees(app, database, RECIPIENTS);
    const db = database.db;
    const people = await db
      .selectFrom('participants')
      .select(['id', 'userId'])
      .where('eventId', '=', seeded.eventId)
      .orderBy('id')
      .execute();
    const subs = people.map((p) => ({ p, s: fake.subscribe() }));
    for (let i = 0; i < subs.length; i += 1000) {
      await db
        .insertInto('pushSubscriptions')
        .values(
          subs.slice(i, i + 1000).map(({ p, s }) => ({
            userId: p.userId,
            eventId: seeded.eventId,
            endpoint: s.endpoint,
            p256dh: s.p256dh,
            auth: s.auth,
          })),
        )
        .execute();
    }
    const actor = (await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow()).id;
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Bench <bench@example.com>',
    });
    const campaign = async (participantIds: string[] | null) => {
      const id = await insertCommunication(db, seeded.eventId, actor, {
        channels: ['EMAIL', 'NOTIFICATION'],
        subject: 'News for {firstName}',
        body: 'Hello {firstName} {lastName}, welcome to {eventName}.',
        link: { type: 'FEED', sessionId: null, url: null },
        audience: participantIds
          ? { type: 'PEOPLE', labelIds: [], rules: [], sessionIds: [], participantIds }
          : { type: 'EVERYONE', labelIds: [], rules: [], sessionIds: [], participantIds: [] },
        schedule: 'NOW',
        sendDate: null,
        sendTime: null,
      });
      await setStatus(db, id, ['PENDING_TO_SCHEDULE'], {
        status: 'SCHEDULED',
        scheduledAt: new Date(),
        origin: 'http://localhost:3000',
      });
      return id;
    };
    const log = { error: (o: unknown) => console.error(o), warn: () => {} };

    // 1. No limit.
    const id1 = await campaign(null);
    let peakRss = 0;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 200);
    const t0 = performance.now();
    const fast = createDeliveryEngine({ ...app.deps, mailer, push }, log, { batchSize: 50, concurrency: 16 });
    await fast.tick();
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const status1 = await db
      .selectFrom('communications')
      .select('status')
      .where('id', '=', id1)
      .executeTakeFirstOrThrow();
    const counts1 = await sql<{ channel: string; status: string; n: number }>`
      SELECT channel, status, count(*)::int AS n FROM communication_recipients WHERE communication_id = ${id1}
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
    const pushed1 = fake.requests.length;
    const mailed1 = mails;

    // 2. With a limit on each transport.
    perSecond.clear();
    const pushBefore = fake.requests.length;
    const id2 = await campaign(people.slice(0, LIMITED).map((p) => p.id));
    const t1 = performance.now();
    const pushSeconds = new Map<number, number>();
    const countedPush: typeof push = {
      publicKey: push.publicKey,
      async send(sub, message, opts) {
        const out = await push.send(sub, message, opts);
        const sec = Math.floor(Date.now() / 1000);
        pushSeconds.set(sec, (pushSeconds.get(sec) ?? 0) + 1);
        return out;
      },
    };
    const slow = createDeliveryEngine({ ...app.deps, mailer, push: countedPush }, log, {
      batchSize: 50,
      concurrency: 16,
      emailRate: RATE,
      pushRate: RATE,
    });
    await slow.tick();
    const ms2 = performance.now() - t1;
    const status2 = await db
      .selectFrom('communications')
      .select('status')
      .where('id', '=', id2)
      .executeTakeFirstOrThrow();
    const maxMail = Math.max(...perSecond.values());

    const cpu = cpus()[0]?.model ?? 'unknown';
    console.log(`
## Communications (campaign delivery)

Machine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB; load average before/after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}. PostgreSQL on loopback; SMTP sink and fake push service in the same process.

| Run | Recipients | Messages | Time | Messages/s | Status |
|---|---|---|---|---|---|
| no limit (e-mail + push) | ${people.length} | ${mailed1} e-mails + ${pushed1} pushes | ${(ms / 1000).toFixed(1)} s | ${((mailed1 + pushed1) / (ms / 1000)).toFixed(0)} | ${status1.status} |
| ${RATE}/s per transport | ${LIMITED} | ${mails - mailed1} e-mails + ${fake.requests.length - pushBefore} pushes | ${(ms2 / 1000).toFixed(1)} s | ${((mails - mailed1 + fake.requests.length - pushBefore) / (ms2 / 1000)).toFixed(0)} | ${status2.status} |

Rows of the first run: ${counts1.rows.map((r) => `${r.channel} ${r.status} ${r.n}`).join(', ')}.
Peak memory of the process (API + engine + sinks) during the first run: RSS ${(peakRss / 2 ** 20).toFixed(0)} MB, heap ${(peakHeap / 2 ** 20).toFixed(0)} MB.
With the limit: most e-mails the sink received in one wall-clock second: ${maxMail}; most pushes answered in one second: ${Math.max(...pushSeconds.values())} (limit ${RATE} each).
`);
    await app.close();
  } finally {
    await drop();
    await fake.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  }
}

await main();
