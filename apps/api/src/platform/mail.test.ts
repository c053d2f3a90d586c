import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import type { DatabaseHandle } from './db/index.js';
import { createJobs, type Jobs } from './jobs.js';
import { createMailer, createMailOutbox, MAIL_QUEUE, type MailMessage, type MailOutbox } from './mail.js';
import { createSealer } from './sealed.js';

const SECRET = 'mail-test-secret-mail-test-secret-1234';
const log = {
  warnings: [] as unknown[],
  errors: [] as unknown[],
  warn(o: unknown) {
    this.warnings.push(o);
  },
  error(o: unknown) {
    this.errors.push(o);
  },
};

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let jobs: Jobs;
let outbox: MailOutbox;

beforeAll(async () => {
  database = await createTestDatabase();
  // The first message is refused with 451; pg-boss retries it after ~1–2 s (backoff from 1 s).
  smtp = await startSmtpServer({ refuseFirst: 1 });
  jobs = createJobs(database, log);
  outbox = createMailOutbox(
    jobs,
    createMailer(database.db, { smtpUrl: smtp.url, from: 'Plenary <no-reply@plenary.local>' }),
    {
      secret: SECRET,
      log,
      retry: { retryDelay: 1, pollingIntervalSeconds: 0.5 },
    },
  );
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await smtp.close();
  await database.close();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const mailJobs = async () =>
  (
    await sql<{
      state: string;
      retryCount: number;
      data: unknown;
    }>`SELECT state::text, retry_count, data FROM pgboss.job WHERE name = ${MAIL_QUEUE} ORDER BY created_on`.execute(
      database.db,
    )
  ).rows;

const message = (to: string, link = 'https://example.org/reset?token=secret-of-' + to): MailMessage => ({
  to,
  subject: `Hello ${to}`,
  text: `Open ${link}`,
});

describe('platform/mail: the outbox (mail.send jobs)', () => {
  it('a message refused by the SMTP server is delivered on retry', async () => {
    await database.db.transaction().execute((tx) => outbox.enqueue(tx, message('retry@example.com')));
    outbox.wake();
    const mail = await smtp.waitFor('retry@example.com', 15_000);
    expect(mail.subject).toBe('Hello retry@example.com');
    expect(smtp.refused).toBe(1);
    await until(async () => (await mailJobs())[0]?.state === 'completed');
    const [job] = await mailJobs();
    expect(job!.retryCount).toBe(1);
    expect(log.warnings).toHaveLength(1);
  });

  it('a write that rolls back queues nothing; the one that commits sends exactly once', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('users')
          .values({ email: 'rolled.back@example.com', firstName: 'R', lastName: 'B' })
          .execute();
        await outbox.enqueue(tx, message('rolled.back@example.com'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('users')
        .values({ email: 'committed@example.com', firstName: 'C', lastName: 'D' })
        .execute();
      await outbox.enqueue(tx, [message('committed@example.com'), message('second@example.com')]);
    });
    outbox.wake();
    await smtp.waitFor('second@example.com');
    await until(async () => (await mailJobs()).every((j) => j.state === 'completed'));
    expect(
      await database.db
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'rolled.back@example.com')
        .execute(),
    ).toEqual([]);
    expect((await mailJobs()).length).toBe(3);
    expect(smtp.messages.filter((m) => m.to.includes('rolled.back@example.com'))).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes('committed@example.com'))).toHaveLength(1);
  });

  it('stores the message sealed: the link and its secret are not readable in the database', async () => {
    const jobsText = JSON.stringify(await mailJobs());
    expect(jobsText).not.toContain('secret-of-');
    expect(jobsText).not.toContain('@example.com');
    const sealed = ((await mailJobs())[0]!.data as { sealed: string }).sealed;
    expect(createSealer(SECRET, 'mail-outbox').open(sealed)).toEqual(message('retry@example.com'));
    expect(() =>
      createSealer('another-secret-another-secret-12345678', 'mail-outbox').open(sealed),
    ).toThrow();
    expect(() => createSealer(SECRET, 'another-purpose').open(sealed)).toThrow();
  });

  it('drops, without retrying, a message it can not open (sealed with another secret)', async () => {
    const foreign = createSealer('another-secret-another-secret-12345678', 'mail-outbox').seal(
      message('foreign@example.com'),
    );
    await database.db.transaction().execute((tx) => jobs.enqueue(tx, MAIL_QUEUE, { sealed: foreign }));
    outbox.wake();
    await until(async () => (await mailJobs()).every((j) => j.state === 'completed'));
    expect(smtp.messages.some((m) => m.to.includes('foreign@example.com'))).toBe(false);
    expect(log.errors).toHaveLength(1);
  });

  it('without SMTP_URL the worker keeps messages in the dev mailbox', async () => {
    await jobs.stop(); // the SMTP outbox's worker would take the job too
    const devJobs = createJobs(database, log);
    const devOutbox = createMailOutbox(devJobs, createMailer(database.db, { from: 'x' }), {
      secret: SECRET,
      log,
    });
    await devJobs.start();
    try {
      await database.db.transaction().execute((tx) => devOutbox.enqueue(tx, message('dev@example.com')));
      devOutbox.wake();
      await until(
        async () =>
          (
            await database.db
              .selectFrom('mailOutbox')
              .select('to')
              .where('to', '=', 'dev@example.com')
              .execute()
          ).length === 1,
      );
    } finally {
      await devJobs.stop();
    }
  });
});
