import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AGENDA_MESSAGES } from '@plenary/domain';
import { hashSecret } from '../../platform/auth.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, session, type Client, type Tenant } from './agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
let keynote: { id: string };
let workshop: { id: string };
let elsewhere: { id: string };

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  keynote = await session(admin, { name: 'Keynote' });
  workshop = await session(admin, { name: 'Workshop' });
  const other = await t.f.tenant();
  elsewhere = await session(client(t, other.tokens.eventAdmin, other.event.id), { name: 'Elsewhere' });
});
afterAll(() => t.close());

let n = 0;
/** Invites a new address to moderate `sessionId`: the link from the e-mail and the account's id. */
async function invite(
  sessionId: string,
  headers: Record<string, string> = {},
): Promise<{ link: URL; token: string; userId: string; email: string }> {
  const email = `moderator-${++n}-${Date.now()}@example.com`;
  const res = await admin.call(
    'POST',
    `sessions/${sessionId}/invite-moderator`,
    { email, firstName: 'Mo', lastName: 'Derator' },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  await t.drainJobs();
  const link = t.mail.linkTo(email);
  const user = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { link, token: link.pathname.split('/').pop() ?? '', userId: user.id, email };
}

const signIn = (sessionId: string, token: string, host = 'cms.localhost:3000') =>
  t.as(undefined, { method: 'POST', url: `/api/v1/moderate/${sessionId}/sign-in`, payload: { token, host } });

describe('moderator links', () => {
  it("sign the moderator in once, on the console, with the event's moderator role", async () => {
    const inv = await invite(keynote.id);
    // The console's origin (a cms. host), though the admin called from the participant host.
    expect(inv.link.origin).toBe('http://cms.localhost'); // URL drops the default port
    expect(inv.link.pathname).toBe(`/moderate/${keynote.id}/${inv.token}`);
    // Stored hashed: the secret itself is nowhere in the table.
    const rows = await t.deps.db
      .selectFrom('oneTimeTokens')
      .select(['tokenHash', 'purpose', 'eventId'])
      .where('userId', '=', inv.userId)
      .execute();
    expect(rows).toEqual([
      { tokenHash: hashSecret(inv.token), purpose: 'moderator-link', eventId: ten.event.id },
    ]);
    expect(rows[0]?.tokenHash).not.toContain(inv.token);

    const res = await signIn(keynote.id, inv.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.eventId).toBe(ten.event.id);
    expect(body.tokenData).toMatchObject({
      userId: inv.userId,
      eventUserRoles: [{ eventId: ten.event.id, role: 'moderator' }],
    });
    // The token works: the moderator reads the session (moderators read the agenda).
    const read = await client(t, body.token, ten.event.id).get(`sessions/${keynote.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const session = await t.deps.db
      .selectFrom('authSessions')
      .select('loginType')
      .where('userId', '=', inv.userId)
      .executeTakeFirstOrThrow();
    expect(session.loginType).toBe('cms');

    const again = await signIn(keynote.id, inv.token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkUsed);
  });

  it("refuse expired, unknown and other sessions' links, leaving a valid link unused", async () => {
    const inv = await invite(keynote.id);
    // Another event's session: 403, and the link still works where it belongs.
    const other = await signIn(elsewhere.id, inv.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(AGENDA_MESSAGES.moderatorLinkOtherSession);
    // A session of the same event the person does not moderate.
    const notTheirs = await signIn(workshop.id, inv.token);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(AGENDA_MESSAGES.notSessionModerator);
    const unknown = await signIn(keynote.id, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);

    await t.deps.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashSecret(inv.token))
      .execute();
    const expired = await signIn(keynote.id, inv.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
  });

  it('stops working when the session no longer lists the moderator', async () => {
    const inv = await invite(keynote.id);
    const res = await admin.patch(`sessions/${keynote.id}`, { moderatorUserIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await signIn(keynote.id, inv.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AGENDA_MESSAGES.notSessionModerator);
  });

  it("points the link at PUBLIC_URL's console when the admin's host is not ours", async () => {
    const inv = await invite(workshop.id, { host: 'evil.example.net' });
    expect(inv.link.origin).toBe('http://cms.localhost:3000');
  });

  it('answers 400 on malformed input', async () => {
    expect((await signIn('not-a-uuid', 'abc')).statusCode).toBe(400);
    expect((await signIn(keynote.id, '')).statusCode).toBe(400);
  });
});
