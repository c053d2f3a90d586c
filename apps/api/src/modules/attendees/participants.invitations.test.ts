import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/harness.js';
import { createSmtpTestContext } from '../../../test/smtp-context.js';
import type { TestSmtpServer } from '../../../test/smtp.js';
import { client, field, type Tenant } from './attendees.test-utils.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';
import { upsertParticipants } from './participants.import.js';

/**
 * Issue 9, finding 1: an admin can not reveal or pull in an account from outside the event's
 * organisation. check-user and map-user answer as for an unknown account; adding it by e-mail
 * (and the User import) sends an invitation instead, which the person accepts or declines.
 * E-mails go through the real mail job and nodemailer to an smtp-server on loopback.
 */
let t: TestContext;
let smtp: TestSmtpServer;
let own: Tenant;
let other: Tenant;
beforeAll(async () => {
  ({ t, smtp } = await createSmtpTestContext());
  [own, other] = [await t.f.tenant(), await t.f.tenant()];
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const participantRow = (eventId: string, userId: string) =>
  t.deps.db
    .selectFrom('participants')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
/** A new account that takes part in tenant B only. */
async function outsider() {
  const user = await t.f.user({ firstName: 'Olga' });
  await t.f.participant(other.event.id, user.id);
  return user;
}
/** The token of the invitation link in the last e-mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  await t.drainJobs();
  const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invitation e-mail to ${email}`);
  const url = new URL(link);
  expect(url.pathname).toBe('/event/invitation');
  return url.searchParams.get('token')!;
}
const accept = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', payload: { token } });

describe('accounts outside the organisation look unknown', () => {
  it.each(['eventAdmin', 'hubAdmin', 'orgAdmin'] as const)(
    'check-user and map-user answer the %s as for an unknown account',
    async (role) => {
      const admin = client(t, own.tokens[role], own.event.id);
      const user = await outsider();
      const check = await admin.get(`participants/check-user?email=${encodeURIComponent(user.email)}`);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({
        email: user.email,
        userExists: false,
        isParticipant: false,
        participantId: null,
      });
      const unknown = await admin.post('participants/map-user', { userId: randomUUID() });
      const byId = await admin.post('participants/map-user', { userId: user.id });
      expect([byId.statusCode, byId.json()]).toEqual([404, unknown.json()]);
      const unknownEmail = await admin.post('participants/map-user', { email: 'no-such-person@example.com' });
      const byEmail = await admin.post('participants/map-user', { email: user.email });
      expect([byEmail.statusCode, byEmail.json()]).toEqual([404, unknownEmail.json()]);
      expect(await participantRow(own.event.id, user.id)).toBeUndefined();
    },
  );

  it('accounts of the organisation (a participant of another of its events, a member of its hub) are found and mapped', async () => {
    const sibling = await t.f.event({ eventHubId: own.hub.id });
    const member = await t.f.user();
    await t.f.participant(sibling.id, member.id);
    const admin = client(t, own.tokens.hubAdmin, own.event.id);
    expect(
      (await admin.get(`participants/check-user?email=${encodeURIComponent(member.email)}`)).json(),
    ).toMatchObject({ userExists: true });
    expect((await admin.post('participants/map-user', { userId: member.id })).statusCode).toBe(201);
    const hubModerator = await t.f.user();
    await t.f.grant(hubModerator.id, 'event', sibling.id, 'moderator');
    expect((await admin.post('participants/map-user', { email: hubModerator.email })).statusCode).toBe(201);
  });

  it('super admins still see and map every account', async () => {
    const user = await outsider();
    const admin = client(t, own.tokens.superadmin, own.event.id);
    expect(
      (await admin.get(`participants/check-user?email=${encodeURIComponent(user.email)}`)).json(),
    ).toMatchObject({ userExists: true, isParticipant: false });
    expect((await admin.post('participants/map-user', { userId: user.id })).statusCode).toBe(201);
  });
});

describe('adding an outside account sends an invitation', () => {
  it('202, an e-mail with the link; accepting creates the participant with the profile entered, once', async () => {
    const admin = client(t, own.tokens.eventAdmin, own.event.id);
    const cf = await field(admin, { name: 'Dietary needs', dataType: 'STRING' });
    const user = await outsider();
    const res = await admin.post('participants', {
      email: user.email,
      firstName: 'Olga',
      lastName: 'Invited',
      jobTitle: 'Keynote speaker',
      customFields: { [cf.id]: 'vegan' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ invited: true, email: user.email });
    expect(await participantRow(own.event.id, user.id)).toBeUndefined();
    expect((await admin.get(`participants?search=${encodeURIComponent(user.email)}`)).json().total).toBe(0);

    const token = await invitationToken(user.email);
    const stored = await t.deps.db
      .selectFrom('eventInvitations')
      .select('tokenHash')
      .where('userId', '=', user.id)
      .execute();
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ eventId: own.event.id, eventName: own.event.name });
    const joined = await participantRow(own.event.id, user.id);
    expect(joined).toMatchObject({
      lastName: 'Invited',
      jobTitle: 'Keynote speaker',
      customFields: { [cf.id]: 'vegan' },
    });
    const again = await accept(token);
    expect([again.statusCode, again.json().message]).toEqual([
      410,
      'This link has already been used. Please request a new one.',
    ]);
  });

  it('an expired invitation, an unknown token and a declined one add nobody', async () => {
    const admin = client(t, own.tokens.orgAdmin, own.event.id);
    const late = await outsider();
    expect(
      (await admin.post('participants', { email: late.email, firstName: 'L', lastName: 'Ate' })).statusCode,
    ).toBe(202);
    const lateToken = await invitationToken(late.email);
    await t.deps.db
      .updateTable('eventInvitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', late.id)
      .execute();
    expect(await accept(lateToken).then((r) => [r.statusCode, r.json().message])).toEqual([
      410,
      'This link has expired. Please request a new one.',
    ]);
    expect((await accept('not-a-real-token')).statusCode).toBe(410);
    expect(await participantRow(own.event.id, late.id)).toBeUndefined();

    const shy = await outsider();
    expect(
      (await admin.post('participants', { email: shy.email, firstName: 'S', lastName: 'Hy' })).statusCode,
    ).toBe(202);
    const shyToken = await invitationToken(shy.email);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/invitations/decline',
          payload: { token: shyToken },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      await t.deps.db.selectFrom('eventInvitations').select('id').where('userId', '=', shy.id).execute(),
    ).toEqual([]);
    expect((await accept(shyToken)).statusCode).toBe(410);
    expect(await participantRow(own.event.id, shy.id)).toBeUndefined();
  });

  it('a newer invitation ends the older one', async () => {
    const admin = client(t, own.tokens.eventAdmin, own.event.id);
    const user = await outsider();
    await admin.post('participants', { email: user.email, firstName: 'A', lastName: 'One' });
    const first = await invitationToken(user.email);
    await admin.post('participants', { email: user.email, firstName: 'A', lastName: 'Two' });
    const second = await invitationToken(user.email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(410);
    expect((await accept(second)).statusCode).toBe(200);
    expect(await participantRow(own.event.id, user.id)).toMatchObject({ lastName: 'Two' });
  });

  it('new addresses and accounts of the organisation are still added at once; super admins add outside accounts directly', async () => {
    const admin = client(t, own.tokens.eventAdmin, own.event.id);
    expect(
      (
        await admin.post('participants', {
          email: `fresh-${randomUUID().slice(0, 8)}@example.com`,
          firstName: 'F',
          lastName: 'Resh',
        })
      ).statusCode,
    ).toBe(201);
    const user = await outsider();
    expect(
      (
        await client(t, own.tokens.superadmin, own.event.id).post('participants', {
          email: user.email,
          firstName: 'S',
          lastName: 'A',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('the User import', () => {
  it('a file naming an outside account invites it (counted as skipped) and adds the others', async () => {
    const admin = client(t, own.tokens.eventAdmin, own.event.id);
    const user = await outsider();
    const fresh = `csv-${randomUUID().slice(0, 8)}@example.com`;
    const csv = Buffer.from(
      `E-mail,First name,Last name,Company\n${user.email},Olga,Imported,Other Co\n${fresh},New,Person,Here\n`,
    );
    const upload = await uploaded(admin, 'User', 'people.csv', csv);
    expect((await verified(admin, upload.id)).counts).toMatchObject({ valid: 2, errors: 0 });
    const done = await committed(admin, upload.id);
    expect(done).toMatchObject({ status: 'COMPLETED', counts: { created: 1, updated: 0, skipped: 1 } });
    expect(await participantRow(own.event.id, user.id)).toBeUndefined();
    const token = await invitationToken(user.email);
    expect((await accept(token)).statusCode).toBe(200);
    expect(await participantRow(own.event.id, user.id)).toMatchObject({
      lastName: 'Imported',
      company: 'Other Co',
    });
  });

  it('leaves outside accounts out and returns them to be invited; rows of the organisation and new addresses are written', async () => {
    const user = await outsider();
    const fresh = `import-${randomUUID().slice(0, 8)}@example.com`;
    const result = await t.deps.db.transaction().execute((tx) =>
      upsertParticipants(
        tx,
        own.event.id,
        [
          { email: user.email, firstName: 'Out', lastName: 'Side', company: 'Other Co' },
          { email: fresh, firstName: 'New', lastName: 'Person' },
        ],
        { actorId: own.users.eventAdmin.id },
      ),
    );
    expect(result.created).toBe(1);
    expect(result.invitees).toEqual([
      expect.objectContaining({
        userId: user.id,
        email: user.email,
        profile: { firstName: 'Out', lastName: 'Side', company: 'Other Co' },
      }),
    ]);
    expect(await participantRow(own.event.id, user.id)).toBeUndefined();
    const asSuperAdmin = await t.deps.db.transaction().execute((tx) =>
      upsertParticipants(tx, own.event.id, [{ email: user.email, firstName: 'Out', lastName: 'Side' }], {
        actorId: own.users.superadmin.id,
      }),
    );
    expect([asSuperAdmin.created, asSuperAdmin.invitees]).toEqual([1, []]);
  });
});
