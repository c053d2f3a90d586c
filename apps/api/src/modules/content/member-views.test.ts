import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { Tenant } from '../attendees/attendees.test-utils.js';
import { client, pdf, png, type Client } from './content.test-utils.js';

/**
 * What non-admins read of the content: no creator's e-mail, no collection audience (spec part 3
 * "createdBy is shown as a name"), and pins without links to sessions the agenda hides from them.
 * Which collections and materials a participant reads at all: audience.test.ts.
 */
let t: TestContext;
let tenant: Tenant;
let admin: Client;
let participant: Client;
let moderator: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
  eventId = tenant.event.id;
  admin = client(t, tenant.tokens.eventAdmin, eventId);
  participant = client(t, tenant.tokens.participant, eventId);
  moderator = client(t, tenant.tokens.moderator, eventId);
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;

async function label(): Promise<string> {
  const row = await t.deps.db
    .insertInto('labels')
    .values({
      eventId,
      name: unique('VIP'),
      type: 'MANUAL',
      rules: '[]',
      createdBy: null,
      updatedBy: null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function participantId(): Promise<string> {
  return (
    await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('eventId', '=', eventId)
      .where('userId', '=', tenant.users.participant.id)
      .executeTakeFirstOrThrow()
  ).id;
}

async function publishedSession(audience: {
  type: string;
  labelIds: string[];
  rules: unknown[];
}): Promise<string> {
  const start = new Date('2026-06-01T09:00:00Z');
  const row = await t.deps.db
    .insertInto('sessions')
    .values({
      eventId,
      name: unique('Session'),
      status: 'PUBLISHED',
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      audience: JSON.stringify(audience),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('records non-admins read', () => {
  it("carry the creator's name without the e-mail, and collections without their audience; admins get both", async () => {
    const vip = await label();
    // The participant is in the track's audience (audience.test.ts: outside it they do not read the track at all).
    await t.deps.db
      .insertInto('participantLabels')
      .values({ participantId: await participantId(), labelId: vip })
      .execute();
    const collection = (
      await admin.post('collections', {
        name: unique('Track'),
        audience: { type: 'LABELS', labelIds: [vip] },
      })
    ).json();
    const location = (await admin.post('locations', { name: unique('Room') })).json();
    const material = (
      await admin.upload(
        'POST',
        'materials',
        { name: unique('Slides') },
        { name: 'slides.pdf', bytes: pdf() },
      )
    ).json();
    const map = (
      await admin.upload(
        'POST',
        'interactive-maps',
        { name: unique('Floor') },
        { name: 'plan.png', bytes: await png() },
      )
    ).json();
    const breakout = (await admin.post('breakouts', { name: unique('Workshops') })).json();
    const adminUser = tenant.users.eventAdmin;
    const ones = [
      `collections/${collection.id}`,
      `locations/${location.id}`,
      `materials/${material.id}`,
      `interactive-maps/${map.id}`,
    ];
    const lists = ['collections', 'locations', 'materials', 'interactive-maps'];

    for (const path of ones) {
      const mine = await admin.get(path);
      expect(mine.json().createdBy, path).toEqual({
        id: adminUser.id,
        firstName: adminUser.firstName,
        lastName: adminUser.lastName,
        email: adminUser.email,
      });
      const seen = await participant.get(path);
      expect(seen.statusCode, path).toBe(200);
      expect(seen.json().createdBy, path).toEqual({
        id: adminUser.id,
        firstName: adminUser.firstName,
        lastName: adminUser.lastName,
      });
      expect(seen.body, path).not.toContain(adminUser.email);
    }
    for (const path of lists) {
      const seen = await participant.get(`${path}?limit=1000`);
      expect(seen.statusCode, path).toBe(200);
      expect(seen.body, path).not.toContain(adminUser.email);
      expect(seen.json().records.length, path).toBeGreaterThan(0);
    }

    expect((await admin.get(`collections/${collection.id}`)).json()).toMatchObject({
      audience: { type: 'LABELS', labels: [{ id: vip }] },
      rulesLength: 0,
    });
    const seenCollection = (await participant.get(`collections/${collection.id}`)).json();
    expect(seenCollection).toMatchObject({
      id: collection.id,
      name: collection.name,
      audience: null,
      rulesLength: null,
    });
    const seenList = (await participant.get('collections?limit=1000'))
      .json()
      .records.find((c: { id: string }) => c.id === collection.id);
    expect(seenList).toMatchObject({ audience: null, rulesLength: null });
    expect((await moderator.get(`collections/${collection.id}`)).json()).toMatchObject({
      audience: null,
      rulesLength: null,
    });

    // Breakouts are read by moderators (not participants): the name of the creator, not the e-mail.
    const seenBreakout = await moderator.get(`breakouts/${breakout.id}`);
    expect(seenBreakout.statusCode).toBe(200);
    expect(seenBreakout.json().createdBy).toEqual({
      id: adminUser.id,
      firstName: adminUser.firstName,
      lastName: adminUser.lastName,
    });
    expect((await admin.get(`breakouts/${breakout.id}`)).json().createdBy.email).toBe(adminUser.email);
  });
});

describe('pins participants see', () => {
  it("leave out a published session outside the participant's audience, until the participant is in it", async () => {
    const vip = await label();
    const map = (
      await admin.upload(
        'POST',
        'interactive-maps',
        { name: unique('Floor') },
        { name: 'plan.png', bytes: await png() },
      )
    ).json();
    const forVips = await publishedSession({ type: 'LABELS', labelIds: [vip], rules: [] });
    const forAll = await publishedSession({ type: 'EVERYONE', labelIds: [], rules: [] });
    expect(
      (
        await admin.post(`interactive-maps/${map.id}/pins`, {
          name: 'A VIP lounge',
          x: 0.2,
          y: 0.2,
          sessionId: forVips,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await admin.post(`interactive-maps/${map.id}/pins`, {
          name: 'B Main hall',
          x: 0.8,
          y: 0.8,
          sessionId: forAll,
        })
      ).statusCode,
    ).toBe(201);

    const sessionsOf = async (c: Client) => {
      const res = await c.get(`interactive-maps/${map.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .pins.map((p: { name: string; session: { id: string } | null }) => [p.name, p.session?.id ?? null]);
    };
    expect(await sessionsOf(admin)).toEqual([
      ['A VIP lounge', forVips],
      ['B Main hall', forAll],
    ]);
    expect(await sessionsOf(moderator)).toEqual([
      ['A VIP lounge', forVips],
      ['B Main hall', forAll],
    ]);
    expect(await sessionsOf(participant)).toEqual([
      ['A VIP lounge', null],
      ['B Main hall', forAll],
    ]);

    await t.deps.db
      .insertInto('participantLabels')
      .values({ participantId: await participantId(), labelId: vip })
      .execute();
    expect(await sessionsOf(participant)).toEqual([
      ['A VIP lounge', forVips],
      ['B Main hall', forAll],
    ]);
  });
});
