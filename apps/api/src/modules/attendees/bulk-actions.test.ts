import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let vip: string;
let speaker: string;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://events.example.org' });
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  vip = (await admin.post('labels', { name: 'VIP', type: 'MANUAL' })).json().id;
  speaker = (await admin.post('labels', { name: 'Speaker', type: 'MANUAL' })).json().id;
});
afterAll(() => t.close());

let keys = 0;
const bulk = (body: unknown, key = `bulk-${++keys}`, c: Client = admin) =>
  c.call('POST', 'participants/bulk-actions', body, {
    'idempotency-key': key,
    host: 'cms.events.example.org',
  });

const labelsOf = async (id: string) =>
  ((await admin.get(`participants/${id}`)).json().labels as Array<{ id: string }>).map((l) => l.id).sort();

describe('bulk actions on selected participants', () => {
  it('adds a label, skipping who has it already and ids not in the event', async () => {
    const [a, b] = [await participant(admin), await participant(admin)];
    await admin.patch(`participants/${b.id}`, { labelIds: [vip] });
    const stranger = await participant(client(t, other.tokens.eventAdmin, other.event.id));
    const res = await bulk({
      action: 'ADD_LABELS',
      participantIds: [a.id, b.id, stranger.id],
      labelIds: [vip],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      action: 'ADD_LABELS',
      done: 1,
      skipped: [
        { participantId: stranger.id, reason: 'NOT_IN_EVENT' },
        { participantId: b.id, reason: 'ALREADY_LABELLED' },
      ],
    });
    expect(await labelsOf(a.id)).toEqual([vip]);
    // The other tenant's participant is untouched.
    const theirs = await client(t, other.tokens.eventAdmin, other.event.id).get(
      `participants/${stranger.id}`,
    );
    expect(theirs.json().labels).toEqual([]);
  });

  it('removes a label, skipping who never had it', async () => {
    const [a, b] = [await participant(admin), await participant(admin)];
    await admin.patch(`participants/${a.id}`, { labelIds: [vip, speaker] });
    const res = await bulk({ action: 'REMOVE_LABELS', participantIds: [a.id, b.id], labelIds: [vip] });
    expect(res.json()).toEqual({
      action: 'REMOVE_LABELS',
      done: 1,
      skipped: [{ participantId: b.id, reason: 'NOT_LABELLED' }],
    });
    expect(await labelsOf(a.id)).toEqual([speaker]);
  });

  it('sends magic links once for one key: the replay answers the first result and sends nothing', async () => {
    const [a, b] = [await participant(admin), await participant(admin)];
    const body = { action: 'SEND_MAGIC_LINKS', participantIds: [a.id, b.id] };
    const first = await bulk(body, 'magic-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ action: 'SEND_MAGIC_LINKS', done: 2, skipped: [] });
    const again = await bulk(body, 'magic-once');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const links = await t.deps.db
      .selectFrom('magicLinks')
      .select('participantId')
      .where('participantId', 'in', [a.id, b.id])
      .execute();
    expect(links).toHaveLength(2);
    // The same key with another selection is refused.
    expect((await bulk({ ...body, participantIds: [a.id] }, 'magic-once')).statusCode).toBe(422);
  });

  it('removes participants from the event (the accounts stay) and reports who was gone already', async () => {
    const [a, b] = [await participant(admin), await participant(admin)];
    expect((await admin.delete(`participants/${b.id}`)).statusCode).toBe(204);
    const res = await bulk({ action: 'REMOVE', participantIds: [a.id, b.id] }, 'remove-1');
    expect(res.json()).toEqual({
      action: 'REMOVE',
      done: 1,
      skipped: [{ participantId: b.id, reason: 'NOT_IN_EVENT' }],
    });
    expect((await admin.get(`participants/${a.id}`)).statusCode).toBe(404);
    const account = await t.deps.db.selectFrom('users').select('id').where('id', '=', a.userId).execute();
    expect(account).toHaveLength(1);
    // A replay does not remove anything twice nor fail.
    const replay = await bulk({ action: 'REMOVE', participantIds: [a.id, b.id] }, 'remove-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().done).toBe(1);
  });

  it('refuses bad input with field messages: no selection, no labels, a rule label, an unknown action', async () => {
    const p = await participant(admin);
    const empty = await bulk({ action: 'REMOVE', participantIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields ?? {})).toContain('participantIds');
    const noLabels = await bulk({ action: 'ADD_LABELS', participantIds: [p.id], labelIds: [] });
    expect(noLabels.statusCode).toBe(400);
    const rule = (
      await admin.post('labels', {
        name: 'Acme people',
        type: 'RULE',
        rules: [{ field: 'company', operator: 'EQUAL', value: 'Acme' }],
      })
    ).json();
    const ruled = await bulk({ action: 'ADD_LABELS', participantIds: [p.id], labelIds: [rule.id] });
    expect(ruled.statusCode, ruled.body).toBe(400);
    expect(ruled.json().fields).toHaveProperty('labelIds');
    const otherLabel = (
      await client(t, other.tokens.eventAdmin, other.event.id).post('labels', { name: 'X' })
    ).json();
    const foreign = await bulk({ action: 'ADD_LABELS', participantIds: [p.id], labelIds: [otherLabel.id] });
    expect(foreign.statusCode).toBe(400);
    expect((await bulk({ action: 'EXPLODE', participantIds: [p.id] })).statusCode).toBe(400);
  });

  it('is for the event admins: moderators and participants 403, another tenant 404, no token 401', async () => {
    const p = await participant(admin);
    const body = { action: 'REMOVE', participantIds: [p.id] };
    const as = (token: string | undefined) => bulk(body, `perm-${++keys}`, client(t, token, ten.event.id));
    expect((await as(ten.tokens.moderator)).statusCode).toBe(403);
    expect((await as(ten.tokens.participant)).statusCode).toBe(403);
    expect((await as(other.tokens.eventAdmin)).statusCode).toBe(404);
    expect((await as(other.tokens.orgAdmin)).statusCode).toBe(404);
    expect((await as(undefined)).statusCode).toBe(401);
    expect((await admin.get(`participants/${p.id}`)).statusCode).toBe(200);
  });
});
