import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await createTestContext();
  [tenant, other] = [await t.f.tenant(), await t.f.tenant()];
});
afterAll(() => t.close());

/** A GET as `token`'s user, acting as `target` through the impersonate header. */
const asUser = (token: string, target: string, url: string) =>
  t.as(token, { method: 'GET', url: `/api/v1/${url}`, headers: { impersonate: target } });
const auditRows = (requestId: string) =>
  t.deps.db.selectFrom('auditLog').selectAll().where('requestId', '=', requestId).execute();

describe('impersonation (impersonate header)', () => {
  it("an event admin acting as a participant of their event gets the participant's view", async () => {
    const participant = tenant.users.participant;
    const me = await asUser(tenant.tokens.eventAdmin, participant.id, `users/${participant.id}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(participant.id);

    const events = await asUser(tenant.tokens.eventAdmin, participant.id, `users/${participant.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(events.json()).toMatchObject({
      total: 1,
      records: [{ id: tenant.event.id, role: 'participant' }],
    });

    // The admin's own rights are gone while acting: the participant may not read the admin, nor the admin's list.
    expect(
      (await asUser(tenant.tokens.eventAdmin, participant.id, `users/${tenant.users.eventAdmin.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await asUser(tenant.tokens.eventAdmin, participant.id, `users/${tenant.users.eventAdmin.id}/events`))
        .statusCode,
    ).toBe(404);
  });

  it('writes one audit row per impersonated request: the real actor, the impersonated user, route and outcome', async () => {
    const participant = tenant.users.participant;
    const ok = await asUser(tenant.tokens.eventAdmin, participant.id, `users/${participant.id}`);
    const rows = await auditRows(String(ok.headers['x-request-id']));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: tenant.users.eventAdmin.id,
      impersonatedUserId: participant.id,
      action: 'impersonated-request',
      entity: 'GET /api/v1/users/:id',
      entityId: `/api/v1/users/${participant.id} -> 200`,
    });
    // Refused requests made while impersonating are recorded too.
    const denied = await asUser(
      tenant.tokens.eventAdmin,
      participant.id,
      `users/${tenant.users.eventAdmin.id}`,
    );
    const deniedRows = await auditRows(String(denied.headers['x-request-id']));
    expect(deniedRows.map((r) => r.entityId)).toEqual([`/api/v1/users/${tenant.users.eventAdmin.id} -> 404`]);
    // Requests without the header leave no impersonation rows.
    const plain = await t.as(tenant.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/users/${participant.id}`,
    });
    expect(await auditRows(String(plain.headers['x-request-id']))).toEqual([]);
  });

  it('404 for a participant of another event, for users with an admin or moderator role, and for unknown ids', async () => {
    const cases: Array<[string, string]> = [
      ['participant of another tenant', other.users.participant.id],
      ['organisation admin', tenant.users.orgAdmin.id],
      ['hub admin', tenant.users.hubAdmin.id],
      ['moderator', tenant.users.moderator.id],
      [
        'another event admin',
        await (async () => {
          const u = await t.f.user();
          await t.f.grant(u.id, 'event', tenant.event.id);
          await t.f.participant(tenant.event.id, u.id);
          return u.id;
        })(),
      ],
      ['super admin', tenant.users.superadmin.id],
      ['unknown id', randomUUID()],
      ['malformed id', 'not-a-user'],
    ];
    for (const [label, target] of cases) {
      const res = await asUser(tenant.tokens.eventAdmin, target, `users/${tenant.users.participant.id}`);
      expect(res.statusCode, label).toBe(404);
      expect(res.json().message, label).toBe('Impersonated user not found');
      const rows = await auditRows(String(res.headers['x-request-id']));
      expect(rows, label).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: tenant.users.eventAdmin.id, action: 'impersonation.denied' });
    }
  });

  it('participants and moderators can not impersonate; a super admin acts as participants only, never as an admin or moderator', async () => {
    expect(
      (
        await asUser(
          tenant.tokens.participant,
          tenant.users.moderator.id,
          `users/${tenant.users.moderator.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asUser(
          tenant.tokens.moderator,
          tenant.users.participant.id,
          `users/${tenant.users.participant.id}`,
        )
      ).statusCode,
    ).toBe(404);
    // Issue 9: acting as an admin handed the actor that admin's rights in every tenant; now refused for super admins too.
    const asOrgAdmin = await asUser(
      tenant.tokens.superadmin,
      tenant.users.orgAdmin.id,
      `users/${tenant.users.orgAdmin.id}/events`,
    );
    expect(asOrgAdmin.statusCode).toBe(404);
    expect(asOrgAdmin.json().message).toBe('Impersonated user not found');
    const asParticipant = await asUser(
      tenant.tokens.superadmin,
      tenant.users.participant.id,
      `users/${tenant.users.participant.id}/events`,
    );
    expect(asParticipant.json().records).toEqual([
      expect.objectContaining({ id: tenant.event.id, role: 'participant' }),
    ]);
    expect(
      (
        await asUser(
          tenant.tokens.superadmin,
          other.users.superadmin.id,
          `users/${other.users.superadmin.id}`,
        )
      ).statusCode,
    ).toBe(404);
    // Hub and organisation admins reach participants across their scope.
    expect(
      (
        await asUser(
          tenant.tokens.hubAdmin,
          tenant.users.participant.id,
          `users/${tenant.users.participant.id}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await asUser(
          tenant.tokens.orgAdmin,
          other.users.participant.id,
          `users/${other.users.participant.id}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('impersonating oneself is a plain request; the dev mailbox needs the real super admin view', async () => {
    const self = await asUser(
      tenant.tokens.eventAdmin,
      tenant.users.eventAdmin.id,
      `users/${tenant.users.eventAdmin.id}`,
    );
    expect(self.statusCode).toBe(200);
    expect(await auditRows(String(self.headers['x-request-id']))).toEqual([]);
    expect(
      (await asUser(tenant.tokens.superadmin, tenant.users.participant.id, 'dev/mailbox')).statusCode,
    ).toBe(404);
  });
});
