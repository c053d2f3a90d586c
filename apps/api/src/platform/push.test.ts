import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPushPayload, PUSH_PAYLOAD_MAX_BYTES } from '@plenary/domain';
import { startFakePushService, type FakePushService } from '../../test/fake-push.js';
import { createPushSender, retryAfterSeconds, vapidKeys, type PushSender } from './push.js';

let fake: FakePushService;
let sender: PushSender;
const opts = { ttlSeconds: 600, urgency: 'high' as const, topic: 'reminder-1' };
const message = { title: 'Keynote', body: 'Starts in 10 minutes', url: '/event/x/agenda/y' };

beforeAll(async () => {
  fake = await startFakePushService();
  const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
  sender = createPushSender(
    vapidKeys({
      DATA_DIR: dir,
      MAIL_FROM: 'Plenary <no-reply@plenary.local>',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
    }),
    { ca: fake.ca, allowHosts: ['127.0.0.1'] },
  );
});
afterAll(() => fake.close());

describe('push sender against the fake push service', () => {
  it('sends aes128gcm that decrypts to the payload, with a valid VAPID header, TTL, urgency and topic', async () => {
    const sub = fake.subscribe();
    const outcome = await sender.send(sub, message, opts);
    expect(outcome).toEqual({ kind: 'sent' });
    const req = fake.requests.at(-1)!;
    expect(req.contentEncoding).toBe('aes128gcm');
    expect(req.vapidError).toBeUndefined();
    expect(req.vapid?.publicKey).toBe(sender.publicKey);
    expect(req.vapid?.claims.aud).toBe(fake.origin);
    expect(req.vapid?.claims.sub).toBe('mailto:no-reply@plenary.local');
    expect(req.ttl).toBe(600);
    expect(req.urgency).toBe('high');
    expect(req.topic).toBe('reminder-1');
    expect(JSON.parse(req.payload!)).toEqual(message);
  });

  it('404 and 410 are gone; 429 and 5xx retry (honouring Retry-After); other 4xx fail', async () => {
    const sub = fake.subscribe();
    fake.answer(
      sub.endpoint,
      { status: 410 },
      { status: 404 },
      { status: 429, headers: { 'retry-after': '30' } },
    );
    fake.answer(sub.endpoint, { status: 500 }, { status: 503 }, { status: 400 });
    expect(await sender.send(sub, message, opts)).toEqual({ kind: 'gone' });
    expect(await sender.send(sub, message, opts)).toEqual({ kind: 'gone' });
    expect(await sender.send(sub, message, opts)).toMatchObject({ kind: 'retry', retryAfterSeconds: 30 });
    expect(await sender.send(sub, message, opts)).toMatchObject({ kind: 'retry' });
    expect(await sender.send(sub, message, opts)).toMatchObject({ kind: 'retry' });
    expect(await sender.send(sub, message, opts)).toMatchObject({ kind: 'failed' });
    expect(await sender.send(sub, message, opts)).toEqual({ kind: 'sent' });
  });

  it('a refused connection is a retry', async () => {
    const sub = { ...fake.subscribe(), endpoint: 'https://127.0.0.1:1/push/nowhere' };
    expect(await sender.send(sub, message, opts)).toMatchObject({ kind: 'retry' });
  });

  it('a huge body arrives truncated within 3,993 bytes and still decrypts', async () => {
    const sub = fake.subscribe();
    const body = '€'.repeat(5000);
    expect(await sender.send(sub, { ...message, body }, opts)).toEqual({ kind: 'sent' });
    const req = fake.requests.at(-1)!;
    const parsed = JSON.parse(req.payload!) as { body: string };
    expect(Buffer.byteLength(req.payload!)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(parsed.body.endsWith('…')).toBe(true);
    expect(req.bodyBytes).toBeLessThanOrEqual(4096);
  });
});

describe('endpoints on private addresses', () => {
  it('are refused (gone) unless the host is allowed', async () => {
    const strict = createPushSender(
      vapidKeys({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'vapid-')),
        MAIL_FROM: 'x@y.z',
        VAPID_PUBLIC_KEY: undefined,
        VAPID_PRIVATE_KEY: undefined,
        VAPID_SUBJECT: undefined,
      }),
      { ca: fake.ca },
    );
    const sub = fake.subscribe();
    const before = fake.requests.length;
    expect(await strict.send(sub, message, opts)).toEqual({ kind: 'gone' });
    expect(
      await strict.send({ ...sub, endpoint: sub.endpoint.replace('127.0.0.1', 'localhost') }, message, opts),
    ).toEqual({
      kind: 'gone',
    });
    expect(await strict.send({ ...sub, endpoint: 'https://169.254.169.254/latest' }, message, opts)).toEqual({
      kind: 'gone',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR/vapid.json with mode 0600 and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const cfg = {
      DATA_DIR: dir,
      MAIL_FROM: 'x@y.z',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: 'https://plenary.example',
    };
    const a = vapidKeys(cfg);
    const b = vapidKeys(cfg);
    expect(a).toEqual(b);
    expect(a.subject).toBe('https://plenary.example');
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
  });

  it('come from the environment when set', () => {
    const keys = vapidKeys({
      DATA_DIR: '/nonexistent',
      MAIL_FROM: 'x@y.z',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: undefined,
    });
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:x@y.z' });
  });
});

describe('payload and Retry-After', () => {
  it('keeps short payloads whole and never splits a surrogate pair', () => {
    expect(JSON.parse(buildPushPayload(message))).toEqual(message);
    const cut = buildPushPayload({ ...message, body: '😀'.repeat(2000) }, 200);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(200);
    const body = (JSON.parse(cut) as { body: string }).body;
    expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });
});
