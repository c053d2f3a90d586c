import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { CAMPAIGN_MESSAGES } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createMailer, type Mailer } from '../../platform/mail.js';
import type { PushSender } from '../../platform/push.js';
import { client, participant, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { deliveryEngineOf } from './communications.routes.js';
import { createDeliveryEngine, type DeliveryOptions } from './delivery-engine.js';
import { claimBatch, takeTokens } from './delivery-queue.repo.js';

/**
 * The delivery engine against a real SMTP server (smtp-server on loopback) that can answer a
 * temporary (4xx) or permanent (5xx) failure on demand. The app's own engine is stopped: each test
 * drives engines of its own (`tick`), standing for API processes.
 */
interface Received {
  to: string;
  messageId: string;
  subject: string;
}
let mode: { code: number | null; times: number } = { code: null, times: 0 };
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;
let mailer: Mailer;
const quiet = { error: () => {}, warn: () => {} };

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (mode.code !== null && mode.times > 0) {
          mode.times--;
          callback(Object.assign(new Error(`${mode.code} refused`), { responseCode: mode.code }));
          return;
        }
        // Unfolded headers (a long Message-ID is folded onto the next line).
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r?\n[ \t]+/g, ' ');
        received.push({
          to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '',
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp as unknown as { server: { address(): AddressInfo } }).server.address().port;
  smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createTestContext();
  await deliveryEngineOf(t.deps)?.stop();
  mailer = createMailer(t.deps.db, { smtpUrl, from: 'Plenary <noreply@example.com>' });
  ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const engine = (opts: Partial<DeliveryOptions> = {}) =>
  createDeliveryEngine({ ...t.deps, mailer }, quiet, { backoffMs: () => 60_000, ...opts });

/** `n` new participants and a NOW e-mail campaign to exactly them, scheduled (SCHEDULED, due now). */
async function campaign(n: number, channels = ['EMAIL']) {
  const people = [];
  for (let i = 0; i < n; i++) people.push(await participant(admin, { firstName: `P${i}` }));
  const res = await admin.post('communications', {
    channels,
    subject: 'News for {firstName}',
    body: 'Hello {firstName} {lastName}, welcome to {eventName}.',
    link: { type: 'FEED' },
    audience: { type: 'PEOPLE', participantIds: people.map((p) => p.id) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const s = await t.as(ten.tokens.eventAdmin, {
    method: 'PUT',
    url: `/api/v1/events/${eventId}/communications/${id}/status`,
    payload: { action: 'SCHEDULE' },
  });
  expect(s.statusCode, s.body).toBe(200);
  return { id, people };
}

const status = async (id: string) =>
  await t.deps.db
    .selectFrom('communications')
    .select(['status', 'statusReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const rows = (id: string) =>
  t.deps.db
    .selectFrom('communicationRecipients')
    .select(['participantId', 'channel', 'status', 'attempts', 'email', 'nextAttemptAt', 'lastError'])
    .where('communicationId', '=', id)
    .execute();
const to = (emails: string[]) => received.filter((r) => emails.includes(r.to));

describe('campaign delivery', () => {
  it('sends each recipient one branded e-mail with a deterministic Message-ID, logs it, and ends SENT', async () => {
    const { id, people } = await campaign(4, ['EMAIL', 'NOTIFICATION']);
    await engine().tick();
    expect(await status(id)).toMatchObject({ status: 'SENT' });
    const got = to(people.map((p) => p.email));
    expect(got).toHaveLength(4);
    for (const p of people)
      expect(got.find((g) => g.to === p.email)?.messageId).toBe(`<${id}.${p.id}@localhost>`);
    expect(got.map((g) => g.subject).sort()).toEqual([
      'News for P0',
      'News for P1',
      'News for P2',
      'News for P3',
    ]);
    const r = await rows(id);
    expect(r).toHaveLength(8);
    expect(r.every((x) => x.status === 'SENT' && x.attempts === 1)).toBe(true);
    const delivery = (await admin.get(`communications/${id}/delivery`)).json();
    expect(delivery).toMatchObject({ status: 'SENT', recipientCount: 4 });
    expect(delivery.channels).toEqual([
      { channel: 'EMAIL', total: 4, queued: 0, sending: 0, sent: 4, deferred: 0, failed: 0, bounced: 0 },
      {
        channel: 'NOTIFICATION',
        total: 4,
        queued: 0,
        sending: 0,
        sent: 4,
        deferred: 0,
        failed: 0,
        bounced: 0,
      },
    ]);
    const list = (await admin.get(`communications/${id}/recipients?channel=EMAIL&sort=email:asc`)).json();
    expect(list.total).toBe(4);
    expect(list.records[0].subject).toMatch(/^News for P\d$/);
    const logged = await t.deps.db
      .selectFrom('emailLog')
      .select(['status', 'category'])
      .where('communicationId', '=', id)
      .execute();
    expect(logged).toHaveLength(4);
    expect(logged.every((l) => l.status === 'SENT' && l.category === 'CAMPAIGN')).toBe(true);
    // Sent: no longer editable.
    expect((await admin.patch(`communications/${id}`, { subject: 'x' })).statusCode).toBe(409);
  });

  it('starts a scheduled campaign on the first pass after its time (the pass runs every second)', async () => {
    const people = [await participant(admin)];
    const res = await admin.post('communications', {
      channels: ['EMAIL'],
      subject: 'Later',
      body: 'Body',
      audience: { type: 'PEOPLE', participantIds: people.map((p) => p.id) },
      schedule: 'DATE_AND_TIME',
      sendDate: '2035-01-01',
      sendTime: '10:00 AM',
    });
    const id = res.json().id as string;
    await t.as(ten.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/communications/${id}/status`,
      payload: { action: 'SCHEDULE' },
    });
    const e = engine();
    expect(await e.startDue(10, id)).toEqual([]);
    expect((await status(id)).status).toBe('SCHEDULED');
    // Its time comes (moved to a second ago rather than waiting for 2035).
    await t.deps.db
      .updateTable('communications')
      .set({ scheduledAt: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    await e.tick();
    expect((await status(id)).status).toBe('SENT');
    const { startedAt, scheduledAt } = await t.deps.db
      .selectFrom('communications')
      .select(['startedAt', 'scheduledAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(startedAt!.getTime() - scheduledAt!.getTime()).toBeLessThan(60_000);
    expect(to([people[0]!.email])).toHaveLength(1);
  });

  it.each([421, 450, 451, 454])(
    're-queues on SMTP %i with backoff, never fails, and sends later',
    async (code) => {
      const { id, people } = await campaign(3);
      mode = { code, times: 2 };
      const e = engine();
      await e.tick();
      let r = await rows(id);
      expect(r.filter((x) => x.status === 'DEFERRED')).toHaveLength(2);
      expect(r.filter((x) => x.status === 'SENT')).toHaveLength(1);
      expect(r.some((x) => x.status === 'FAILED' || x.status === 'BOUNCED')).toBe(false);
      for (const x of r.filter((y) => y.status === 'DEFERRED')) {
        expect(x.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
        expect(x.lastError).toContain(String(code));
      }
      // Not SENT while rows wait.
      expect((await status(id)).status).toBe('SENDING');
      await e.tick();
      expect((await rows(id)).filter((x) => x.status === 'DEFERRED')).toHaveLength(2);
      // The backoff passes.
      await t.deps.db
        .updateTable('communicationRecipients')
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where('communicationId', '=', id)
        .where('status', '=', 'DEFERRED')
        .execute();
      await e.tick();
      r = await rows(id);
      expect(r.every((x) => x.status === 'SENT')).toBe(true);
      expect(r.filter((x) => x.attempts === 2)).toHaveLength(2);
      expect((await status(id)).status).toBe('SENT');
      expect(to(people.map((p) => p.email))).toHaveLength(3);
    },
  );

  it('pauses past the error threshold, never SENT with rows unsent, and resumes', async () => {
    const { id, people } = await campaign(10);
    mode = { code: 550, times: 5 };
    const e = engine({ batchSize: 5, concurrency: 1, minFailures: 3, failPercent: 20 });
    await e.tick();
    const s = await status(id);
    expect(s.status).toBe('PAUSED');
    expect(s.statusReason).toBe('Paused: 5 of 5 deliveries failed');
    let r = await rows(id);
    expect(r.filter((x) => x.status === 'BOUNCED')).toHaveLength(5);
    expect(r.filter((x) => x.status === 'QUEUED')).toHaveLength(5);
    await e.tick();
    expect((await rows(id)).filter((x) => x.status === 'QUEUED')).toHaveLength(5);
    const resume = await t.as(ten.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/communications/${id}/status`,
      payload: { action: 'RESUME' },
    });
    expect(resume.statusCode, resume.body).toBe(200);
    await e.tick();
    r = await rows(id);
    expect(r.filter((x) => x.status === 'SENT')).toHaveLength(5);
    expect(r.filter((x) => x.status === 'BOUNCED')).toHaveLength(5);
    expect((await status(id)).status).toBe('SENT');
    expect(to(people.map((p) => p.email))).toHaveLength(5);
    const pause = await t.as(ten.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/communications/${id}/status`,
      payload: { action: 'PAUSE' },
    });
    expect(pause.statusCode).toBe(409);
  });

  it('a worker killed after claiming: its rows are reclaimed when the lease ends and sent exactly once', async () => {
    const { id, people } = await campaign(6);
    await engine().startDue(10, id);
    // The dead worker: it claimed 4 rows (lease 1 ms) and never sent or marked them.
    const dead = await claimBatch(t.deps.db, 'EMAIL', 4, 1);
    expect(dead).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 20));
    await engine().tick();
    const r = await rows(id);
    expect(r.every((x) => x.status === 'SENT')).toBe(true);
    const got = to(people.map((p) => p.email));
    expect(got).toHaveLength(6);
    expect(new Set(got.map((g) => g.to)).size).toBe(6);
  });

  it('a worker killed between the SMTP answer and the mark: resent with the same Message-ID, marked once', async () => {
    const { id, people } = await campaign(3);
    // Worker A sends, then "dies" before marking: its send never returns after the message was accepted.
    const hung: Mailer = {
      devMailbox: false,
      async send(m) {
        await mailer.send(m);
        await new Promise(() => {});
      },
    };
    const a = createDeliveryEngine({ ...t.deps, mailer: hung }, quiet, { leaseMs: 200, concurrency: 3 });
    void a.tick();
    for (let i = 0; i < 200 && to(people.map((p) => p.email)).length < 3; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(to(people.map((p) => p.email))).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 250));
    await engine().tick();
    const r = await rows(id);
    expect(r.every((x) => x.status === 'SENT' && x.attempts === 2)).toBe(true);
    const got = to(people.map((p) => p.email));
    // Each recipient twice, both copies with the same Message-ID: one message for a deduplicating receiver.
    expect(got).toHaveLength(6);
    expect(new Set(got.map((g) => g.messageId)).size).toBe(3);
    expect((await status(id)).status).toBe('SENT');
  });

  it('push: every device of the recipient with the campaign topic; gone devices dropped; an inbox item each', async () => {
    const { id, people } = await campaign(2, ['NOTIFICATION']);
    const p0 = people[0]!;
    const p1 = people[1]!;
    await t.deps.db
      .insertInto('pushSubscriptions')
      .values([
        { userId: p0.userId, eventId, endpoint: `https://push.test/${id}/a`, p256dh: 'k', auth: 'a' },
        { userId: p0.userId, eventId, endpoint: `https://push.test/${id}/gone`, p256dh: 'k', auth: 'a' },
      ])
      .execute();
    const sent: Array<{ endpoint: string; title: string; url: string; topic?: string }> = [];
    const push: PushSender = {
      publicKey: 'x',
      async send(sub, message, opts) {
        sent.push({
          endpoint: sub.endpoint,
          title: message.title,
          url: message.url,
          ...(opts.topic ? { topic: opts.topic } : {}),
        });
        return sub.endpoint.endsWith('/gone') ? { kind: 'gone' } : { kind: 'sent' };
      },
    };
    await createDeliveryEngine({ ...t.deps, mailer, push }, quiet).tick();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ title: 'News for P0', url: `/event/${eventId}/activity-feed` });
    expect(sent[0]!.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(sent[0]!.topic).toBe(sent[1]!.topic);
    const left = await t.deps.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('userId', '=', p0.userId)
      .execute();
    expect(left.map((l) => l.endpoint)).toEqual([`https://push.test/${id}/a`]);
    const r = await rows(id);
    expect(r.every((x) => x.status === 'SENT')).toBe(true);
    expect(r.find((x) => x.participantId === p1.id)?.lastError).toBe(
      'No push device: delivered to the inbox',
    );
    const inbox = await t.deps.db
      .selectFrom('inboxItems')
      .select(['participantId', 'title'])
      .where('communicationId', '=', id)
      .orderBy('title')
      .execute();
    expect(inbox).toEqual([
      { participantId: p0.id, title: 'News for P0' },
      { participantId: p1.id, title: 'News for P1' },
    ]);
    expect((await status(id)).status).toBe('SENT');
  });

  it('FAILED with the reason when nobody is left in the audience at its time', async () => {
    const { id, people } = await campaign(1);
    await t.deps.db.deleteFrom('participants').where('id', '=', people[0]!.id).execute();
    await engine().tick();
    expect(await status(id)).toEqual({ status: 'FAILED', statusReason: CAMPAIGN_MESSAGES.noRecipients });
  });

  it('shares the send rate across processes: never more tokens in a second than the limit', async () => {
    const grants = await Promise.all(
      Array.from({ length: 12 }, () => takeTokens(t.deps.db, 'test-rate', 2, 5)),
    );
    const perSecond = new Map<string, number>();
    for (const g of grants) perSecond.set(g.second, (perSecond.get(g.second) ?? 0) + g.granted);
    for (const n of perSecond.values()) expect(n).toBeLessThanOrEqual(5);
    expect([...perSecond.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
