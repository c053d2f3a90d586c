import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plenary/domain';
import { countingDb } from '../../test/counting.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { loadPrincipal } from './access.js';
import { verifyBearer } from './auth.js';

let t: TestContext;
let tenant: Awaited<ReturnType<TestContext['f']['tenant']>>;
const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
});
afterAll(async () => {
  await t?.close();
});

describe('verifyBearer: the session and the principal of every request', () => {
  it('reads the session and every role in one statement', async () => {
    const { users, event, hub, organization } = tenant;
    // Admin of the event and a participant in it too: admin wins; a participant of a second event.
    const other = await t.f.event({ eventHubId: hub.id });
    await t.f.participant(event.id, users.eventAdmin.id);
    await t.f.participant(other.id, users.eventAdmin.id);
    const counted = countingDb(t.deps.db);
    const { actor, sid } = await verifyBearer(
      counted.db,
      t.deps.config,
      await t.f.token(users.eventAdmin.id),
    );
    expect(counted.statements()).toBe(1);
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(actor).toEqual({
      userId: users.eventAdmin.id,
      userRole: 'user',
      organizationIds: [],
      eventHubIds: [],
      eventRoles: new Map([
        [event.id, 'admin'],
        [other.id, 'participant'],
      ]),
    });
    const org = await verifyBearer(t.deps.db, t.deps.config, tenant.tokens.orgAdmin);
    expect(org.actor.organizationIds).toEqual([organization.id]);
    const hubAdmin = await verifyBearer(t.deps.db, t.deps.config, tenant.tokens.hubAdmin);
    expect(hubAdmin.actor.eventHubIds).toEqual([hub.id]);
    const moderator = await verifyBearer(t.deps.db, t.deps.config, tenant.tokens.moderator);
    expect(moderator.actor.eventRoles).toEqual(new Map([[event.id, 'moderator']]));
    expect(await loadPrincipal(t.deps.db, users.superadmin.id)).toMatchObject({
      userRole: 'superadmin',
      eventRoles: new Map(),
    });
  });

  it('refuses a revoked, expired or borrowed session at once (no cache between requests)', async () => {
    const user = await t.f.user();
    const check = (token: string) => verifyBearer(t.deps.db, t.deps.config, token);
    const revoked = await t.f.token(user.id);
    await check(revoked);
    await t.deps.db
      .updateTable('authSessions')
      .set({ revokedAt: new Date() })
      .where('id', '=', sidOf(revoked))
      .execute();
    await expect(check(revoked)).rejects.toMatchObject({ statusCode: 401, message: 'Session ended' });

    const expired = await t.f.token(user.id);
    await check(expired);
    await t.deps.db
      .updateTable('authSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', sidOf(expired))
      .execute();
    await expect(check(expired)).rejects.toMatchObject({ statusCode: 401, message: MESSAGES.tokenExpired });

    // A session row of another user named in a token of this one.
    const someoneElse = await t.f.token(tenant.users.participant.id);
    const borrowed = await t.f.token(user.id);
    await t.deps.db
      .updateTable('authSessions')
      .set({ userId: tenant.users.participant.id })
      .where('id', '=', sidOf(borrowed))
      .execute();
    await expect(check(borrowed)).rejects.toMatchObject({ statusCode: 401, message: 'Session ended' });
    await check(someoneElse);
  });

  it('sees a role granted or taken away on the next request', async () => {
    const user = await t.f.user();
    const token = await t.f.token(user.id);
    expect((await verifyBearer(t.deps.db, t.deps.config, token)).actor.eventRoles.size).toBe(0);
    await t.f.grant(user.id, 'event', tenant.event.id, 'moderator');
    expect((await verifyBearer(t.deps.db, t.deps.config, token)).actor.eventRoles.get(tenant.event.id)).toBe(
      'moderator',
    );
    await t.deps.db.deleteFrom('memberships').where('userId', '=', user.id).execute();
    expect((await verifyBearer(t.deps.db, t.deps.config, token)).actor.eventRoles.size).toBe(0);
  });
});
