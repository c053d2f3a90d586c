import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, participantToken, session, type Tenant } from '../../modules/agenda/agenda.test-utils.js';
import { randomIp } from '../../modules/accounts/accounts.test-utils.js';
import type { TestContext } from '../../../test/harness.js';
import { createSmtpTestContext } from '../../../test/smtp-context.js';
import type { ReceivedMail, TestSmtpServer } from '../../../test/smtp.js';

/** The branded e-mails (platform/email) as a real SMTP server receives them: both parts, brand, links, escaping. */
let t: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  ({ t, smtp } = await createSmtpTestContext());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const HOSTILE = `<img src=x onerror="alert(1)">&amp;`;
const hrefs = (m: ReceivedMail) =>
  [...m.html.matchAll(/href="([^"]+)"/g)].map((h) => h[1]!.replace(/&amp;/g, '&'));
const firstUrl = (m: ReceivedMail) => /https?:\/\/\S+/.exec(m.text)?.[0];
const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address.toLowerCase()));

async function register(email: string, firstName: string, host: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    payload: { email, password: 'Smtp!pass2026', firstName, lastName: 'Tester', host },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return smtp.waitFor(email);
}

describe('branded e-mails over SMTP', () => {
  it('sends an HTML part and a text part with the brand, a button whose link is also written out, and why', async () => {
    const mail = await register('brand.person@example.com', 'Ines', 'localhost:3000');
    expect(mail.subject).toBe('Confirm your e-mail address for Plenary');
    expect(mail.text).toContain('Hello Ines,');
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    const link = firstUrl(mail)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\/[\w-]{43}$/);
    // The button and the written-out link both point at it.
    expect(hrefs(mail).filter((h) => h === link)).toHaveLength(2);
    expect(mail.html).toContain('>Confirm e-mail address</a>');
    // Brand: name, logo (absolute, on the link's host) and colour (config/brands.json).
    expect(mail.html).toContain('Plenary</span>');
    expect(mail.html).toContain('src="http://localhost:3000/brands/plenary/logo.svg"');
    expect(mail.html).toContain('background:#4338ca');
    expect(mail.html).toContain('You receive this e-mail because this address was entered at Plenary.');
    expect(mail.text).toContain('You receive this e-mail because this address was entered at Plenary.');
  });

  it("takes the brand of the link's host", async () => {
    const mail = await register('summit.person@example.com', 'Ola', 'summit.localhost:3000');
    expect(mail.subject).toBe('Confirm your e-mail address for Summit Live');
    expect(mail.html).toContain('Summit Live</span>');
    expect(mail.html).toContain('background:#b45309');
    expect(mail.html).not.toContain('#4338ca');
  });

  it('escapes what users wrote in the HTML part and keeps it as written in the text part', async () => {
    const mail = await register('hostile.person@example.com', HOSTILE, 'localhost:3000');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('"alert(1)"');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;,');
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
  });

  describe('confirmations of a place in a session', () => {
    let ten: Tenant;
    let eventId: string;
    beforeAll(async () => {
      ten = await t.f.tenant();
      eventId = ten.event.id;
      await t.deps.db
        .updateTable('events')
        .set({ name: `Summit <b>& friends</b>`, primaryColor: '#0f766e', timezone: 'Europe/Berlin' })
        .where('id', '=', eventId)
        .execute();
    });

    it('a seat and a waitlist place are each confirmed once, in the event’s name and colour, names escaped', async () => {
      const admin = client(t, ten.tokens.eventAdmin, eventId);
      const s = await session(admin, {
        name: `Talk <script>x()</script>`,
        capacity: 1,
        enrollable: true,
        waitlist: true,
        status: 'PUBLISHED',
      });
      const [seated, waiting] = [await participantToken(t, eventId), await participantToken(t, eventId)];
      await t.deps.db
        .updateTable('participants')
        .set({ firstName: HOSTILE })
        .where('id', '=', waiting.participantId)
        .execute();
      expect((await client(t, seated.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
        200,
      );
      expect((await client(t, waiting.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
        200,
      );
      // Enrolling again answers the place held and confirms nothing more.
      expect((await client(t, seated.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
        200,
      );
      await t.drainJobs();
      await t.deps.events.dispatch();
      await t.drainJobs();

      const seat = await smtp.waitFor(seated.email);
      expect(to(seated.email).map((m) => m.subject)).toEqual([`You are enrolled in ${s.name}`]);
      expect(seat.text).toContain('Saturday, 1 June 2030, 10:00–11:00 (Europe/Berlin)');
      const sessionLink = `/event/${eventId}/agenda/${s.id}`;
      expect(new URL(firstUrl(seat)!).pathname).toBe(sessionLink);
      expect(hrefs(seat).some((h) => new URL(h).pathname === sessionLink)).toBe(true);
      expect(seat.html).toContain('background:#0f766e');
      expect(seat.html).toContain('Summit &lt;b&gt;&amp; friends&lt;/b&gt;</span>');
      expect(seat.html).toContain('Talk &lt;script&gt;x()&lt;/script&gt;');
      expect(seat.html).not.toContain('<script>');
      expect(seat.html).not.toContain('<b>&');

      const place = await smtp.waitFor(waiting.email);
      expect(to(waiting.email).map((m) => m.subject)).toEqual([`You are on the waitlist for ${s.name}`]);
      expect(place.text).toContain('so you are on its waitlist (number 1)');
      expect(place.text).toContain(`Hello ${HOSTILE},`);
      expect(place.html).not.toContain('<img src=x');
      expect(new URL(firstUrl(place)!).pathname).toBe(sessionLink);
    });
  });
});
