import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import type { DatabaseHandle } from './db/index.js';
import { redactSecrets } from './email-log.js';
import { logEmails, markEmail } from './email-log.repo.js';
import { createJobs, type Jobs } from './jobs.js';
import { createMailer, createMailOutbox, type MailOutbox } from './mail.js';

describe('platform/email-log: redactSecrets', () => {
  const SID = '0b3c5f4e-8d9a-4c1b-9e2f-0123456789ab';
  it.each([
    ['https://a.example/reset-password?token=abc_DEF-123', 'https://a.example/reset-password?token=…'],
    ['https://a.example/create-password?token=xyz', 'https://a.example/create-password?token=…'],
    ['https://a.example/event/login?magic=s3cr3t&x=1', 'https://a.example/event/login?magic=…&x=1'],
    [
      '<a href="https://a.example/invite?x=1&amp;token=q">',
      '<a href="https://a.example/invite?x=1&amp;token=…">',
    ],
    ['https://a.example/verify-email/AbC_123-x.', 'https://a.example/verify-email/….'],
    [`https://a.example/moderate/${SID}/Zz9_-q`, `https://a.example/moderate/${SID}/…`],
    ['https://a.example/event/1/agenda/2', 'https://a.example/event/1/agenda/2'],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

const SECRET = 'email-log-test-secret-email-log-test-1';
const log = { warn: () => undefined, error: () => undefined };
let database: DatabaseHandle;
let smtp: TestSmtpServer;
let jobs: Jobs;
let outbox: MailOutbox;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer({ refuseFirst: 1 });
  jobs = createJobs(database, log);
  outbox = createMailOutbox(
    jobs,
    createMailer(database.db, { smtpUrl: smtp.url, from: 'x <x@plenary.local>' }),
    {
      secret: SECRET,
      log,
      db: database.db,
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

const rowFor = (to: string) =>
  database.db.selectFrom('emailLog').selectAll().where('to', '=', to).executeTakeFirst();

describe('platform/email-log: the outbox logs every message', () => {
  it('logs it QUEUED in the transaction, redacted, and SENT once delivered (after a deferral)', async () => {
    const to = 'log@example.com';
    await database.db.transaction().execute((tx) =>
      outbox.enqueue(tx, {
        to,
        subject: 'Reset',
        text: 'Open https://a.example/reset-password?token=very-secret',
        html: '<a href="https://a.example/reset-password?token=very-secret">Reset</a>',
      }),
    );
    const queued = await rowFor(to);
    expect(queued).toMatchObject({ status: 'QUEUED', category: 'SYSTEM', eventId: null, sentAt: null });
    expect(queued!.text).toBe('Open https://a.example/reset-password?token=…');
    expect(queued!.html).not.toContain('very-secret');
    outbox.wake();
    const mail = await smtp.waitFor(to, 15_000);
    // The message sent keeps its link.
    expect(mail.text).toContain('token=very-secret');
    let row = await rowFor(to);
    for (let i = 0; i < 200 && row?.status !== 'SENT'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      row = await rowFor(to);
    }
    expect(row).toMatchObject({ status: 'SENT', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('logs nothing when the transaction rolls back', async () => {
    const to = 'rollback@example.com';
    await expect(
      database.db.transaction().execute(async (tx) => {
        await outbox.enqueue(tx, { to, subject: 's', text: 't' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rowFor(to)).toBeUndefined();
  });

  it('logEmails answers ids in order; markEmail keeps the error of a failure', async () => {
    const ids = await logEmails(database.db, [
      {
        eventId: null,
        to: 'a@x.org',
        subject: 'A',
        text: 'a',
        html: null,
        category: 'TEST',
        communicationId: null,
      },
      {
        eventId: null,
        to: 'b@x.org',
        subject: 'B',
        text: 'b',
        html: null,
        category: 'TEST',
        communicationId: null,
      },
    ]);
    expect(ids).toHaveLength(2);
    await markEmail(database.db, ids[1]!, 'BOUNCED', '550 no such user');
    expect(await rowFor('a@x.org')).toMatchObject({ id: ids[0], status: 'QUEUED' });
    expect(await rowFor('b@x.org')).toMatchObject({
      id: ids[1],
      status: 'BOUNCED',
      error: '550 no such user',
    });
  });
});
