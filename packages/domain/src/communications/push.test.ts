import { describe, expect, it } from 'vitest';
import {
  buildPushPayload,
  PUSH_PAYLOAD_MAX_BYTES,
  pushSubscriptionInputSchema,
  utf8ByteLength,
} from './push.js';
import { inboxQuerySchema, reminderSettingsSchema } from './inbox.js';

const message = { title: 'Keynote', body: 'Starts in 10 minutes', url: '/event/e/agenda/s' };

describe('push payload', () => {
  it('counts UTF-8 bytes like the wire does', () => {
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\ud800')).toBe(3);
  });

  it('keeps a short message whole, tag included', () => {
    expect(JSON.parse(buildPushPayload({ ...message, tag: 't' }))).toEqual({ ...message, tag: 't' });
  });

  it('shortens the body to fit 3,993 bytes, with an ellipsis, keeping url and title', () => {
    for (const ch of ['a', 'é', '€', '😀']) {
      const json = buildPushPayload({ ...message, body: ch.repeat(5000) });
      expect(utf8ByteLength(json)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      const parsed = JSON.parse(json) as typeof message;
      expect(parsed.url).toBe(message.url);
      expect(parsed.title).toBe(message.title);
      expect(parsed.body.endsWith('…')).toBe(true);
      // Nearly full: the cut is not wasteful.
      expect(utf8ByteLength(json)).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 8);
    }
  });

  it('shortens the title too when the url alone nearly fills the cap', () => {
    const json = buildPushPayload({ title: 'T'.repeat(150), body: 'b', url: `/${'u'.repeat(60)}` }, 120);
    expect(utf8ByteLength(json)).toBeLessThanOrEqual(120);
    expect((JSON.parse(json) as { url: string }).url).toBe(`/${'u'.repeat(60)}`);
    const fallback = buildPushPayload({ title: 'T', body: 'b', url: `/${'u'.repeat(200)}` }, 120);
    expect(JSON.parse(fallback)).toEqual({ title: '', body: '…', url: '/' });
  });
});

describe('subscription and inbox input', () => {
  it('takes https endpoints with base64url keys only', () => {
    const ok = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'BNc_-1', auth: 'tBH' },
    };
    expect(pushSubscriptionInputSchema.safeParse(ok).success).toBe(true);
    for (const endpoint of ['http://push.example/x', 'https://', 'javascript:alert(1)', 'https://a b/x'])
      expect(pushSubscriptionInputSchema.safeParse({ ...ok, endpoint }).success).toBe(false);
    expect(pushSubscriptionInputSchema.safeParse({ ...ok, keys: { p256dh: 'a+b', auth: 'x' } }).success).toBe(
      false,
    );
  });

  it('checks the cursor, the page size and the reminder minutes', () => {
    expect(
      inboxQuerySchema.safeParse({ cursor: '2026-11-26T10:00:00.000Z_0b6c2c7e-4bd0-4c7a-9d55-3f0a1c1f2e11' })
        .success,
    ).toBe(true);
    expect(inboxQuerySchema.safeParse({ cursor: 'x' }).success).toBe(false);
    expect(inboxQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(reminderSettingsSchema.safeParse({ enabled: true, minutesBefore: 0 }).success).toBe(false);
    expect(reminderSettingsSchema.safeParse({ enabled: false, minutesBefore: 1440 }).success).toBe(true);
  });
});
