import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from '../attendees/attendees.test-utils.js';
import {
  audienceCondition,
  countAudiences,
  validateAudience,
  viewerInAudience,
  viewerOf,
  type StoredAudience,
} from './audience.js';

let t: TestContext;
let ten: Tenant;
let c: Client;
let eventId: string;
let vip: { id: string };
let staff: { id: string };
let room: { id: string; key: string };
let p: Record<'a' | 'b' | 'c', { id: string }>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  room = await field(c, { name: 'Room', dataType: 'ENUM', settings: { enumValues: ['X', 'Y'] } });
  vip = (await c.post('labels', { name: 'VIP' })).json();
  staff = (await c.post('labels', { name: 'Staff' })).json();
  p = {
    a: await participant(c, { company: 'Acme', labelIds: [vip.id], customFields: { [room.id]: 'X' } }),
    b: await participant(c, { company: 'Acme', labelIds: [staff.id], customFields: { [room.id]: 'Y' } }),
    c: await participant(c, { company: 'Other' }),
  };
});
afterAll(() => t.close());

describe('target-audiences', () => {
  it('counts everyone, label holders and rule matches', async () => {
    const count = async (audience: unknown) => {
      const res = await c.post('target-audiences/check', { audience });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    // The tenant's own participant is one more.
    expect(await count({ type: 'EVERYONE' })).toBe(4);
    expect(await count({ type: 'LABELS', labelIds: [vip.id] })).toBe(1);
    expect(await count({ type: 'LABELS', labelIds: [vip.id, staff.id] })).toBe(2);
    expect(
      await count({ type: 'RULES', rules: [{ field: 'company', operator: 'EQUAL', value: 'acme' }] }),
    ).toBe(2);
    expect(
      await count({
        type: 'RULES',
        rules: [
          { field: 'company', operator: 'EQUAL', value: 'acme' },
          { field: room.key, operator: 'INCLUDES', value: ['y'] },
        ],
      }),
    ).toBe(1);
  });

  it('answers field messages for bad audiences', async () => {
    const bad = async (audience: unknown) => {
      const res = await c.post('target-audiences/check', { audience });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    expect(await bad({ type: 'LABELS', labelIds: [] })).toEqual({
      'audience.labelIds': MESSAGES.pleaseSelectValue,
    });
    expect(await bad({ type: 'LABELS', labelIds: [ten.event.id] })).toEqual({
      'audience.labelIds': ATTENDEE_MESSAGES.unknownLabel,
    });
    expect(await bad({ type: 'RULES', rules: [] })).toEqual({ 'audience.rules': MESSAGES.required });
    expect(await bad({ type: 'RULES', rules: [{ field: 'nope', operator: 'EQUAL', value: 'x' }] })).toEqual({
      'audience.rules.0.field': ATTENDEE_MESSAGES.unknownField,
    });
    expect(
      await bad({ type: 'RULES', rules: [{ field: 'company', operator: 'LESS_THAN', value: 'x' }] }),
    ).toEqual({ 'audience.rules.0.operator': ATTENDEE_MESSAGES.operatorNotAllowed });
    expect(Object.keys(await bad({ type: 'SOME' }))).toEqual(['audience.type']);
    const res = await c.call('POST', 'target-audiences/check', '{not json', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
  });

  it('offers labels with member counts and fields with operators', async () => {
    const res = await c.get('target-audiences/update-options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.labels.map((l: { name: string; memberCount: number }) => `${l.name}:${l.memberCount}`),
    ).toEqual(['Staff:1', 'VIP:1']);
    expect(body.fields.find((f: { field: string }) => f.field === 'company').operators).toEqual([
      'EQUAL',
      'NOT_EQUAL',
    ]);
    expect(body.fields.find((f: { field: string }) => f.field === room.id)).toMatchObject({
      dataType: 'ENUM',
      operators: ['INCLUDES'],
      enumValues: ['X', 'Y'],
    });
  });

  it('refuses other roles and tenants', async () => {
    expect(
      (await client(t, ten.tokens.participant, eventId).get('target-audiences/update-options')).statusCode,
    ).toBe(403);
    const other = await t.f.tenant();
    expect(
      (
        await client(t, other.tokens.eventAdmin, eventId).post('target-audiences/check', {
          audience: { type: 'EVERYONE' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('audience SQL', () => {
  it('tests stored audiences per row against one viewer, and as a condition on participants', async () => {
    const db = t.deps.db;
    const audiences: StoredAudience[] = [
      await validateAudience(db, eventId, { type: 'EVERYONE', labelIds: [], rules: [] }),
      await validateAudience(db, eventId, { type: 'LABELS', labelIds: [vip.id], rules: [] }),
      await validateAudience(db, eventId, { type: 'LABELS', labelIds: [staff.id], rules: [] }),
      await validateAudience(db, eventId, {
        type: 'RULES',
        labelIds: [],
        rules: [{ field: room.id, operator: 'INCLUDES', value: ['X'] }],
      }),
    ];
    expect(await countAudiences(db, eventId, audiences)).toEqual([4, 1, 1, 1]);
    // The viewer test reads rule sets stored on the event's sessions.
    for (const audience of audiences) {
      await db
        .insertInto('sessions')
        .values({
          eventId,
          name: `S ${audience.type}`,
          startAt: new Date('2030-01-01T10:00Z'),
          endAt: new Date('2030-01-01T11:00Z'),
          audience: JSON.stringify(audience),
        })
        .execute();
    }
    const visible = async (participantId: string) => {
      const viewer = await viewerOf(db, eventId, participantId);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM sessions s WHERE s.event_id = ${eventId} AND ${viewerInAudience(sql.ref('s.audience'), viewer)}`.execute(
        db,
      );
      return rows[0]!.n;
    };
    expect(await visible(p.a.id)).toBe(3); // everyone, VIP, room X
    expect(await visible(p.b.id)).toBe(2); // everyone, Staff
    expect(await visible(p.c.id)).toBe(1);
    const { rows } = await sql<{
      id: string;
    }>`SELECT p.id FROM participants p WHERE p.event_id = ${eventId} AND ${audienceCondition(audiences[3]!, [])}`.execute(
      db,
    );
    // Without the field definitions a rule on a custom field matches nobody (the field is unknown).
    expect(rows).toEqual([]);
  });
});
