import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, customFieldValueFromCell, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { HttpError } from '../../platform/errors.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';
import { importFieldsOf, upsertParticipants, validateParticipantRow } from './index.js';

let t: TestContext;
let ten: Tenant;
let c: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  const event = await t.f.event({ eventHubId: ten.hub.id });
  eventId = event.id;
  c = client(t, ten.tokens.hubAdmin, eventId);
});
afterAll(() => t.close());

const actor = () => ({ actorId: ten.users.hubAdmin.id, requestId: 'import-test' });
const upsert = (rows: Parameters<typeof upsertParticipants>[2], opts?: { batchSize?: number }) =>
  t.deps.db.transaction().execute((tx) => upsertParticipants(tx, eventId, rows, actor(), opts));

describe('validateParticipantRow', () => {
  it('applies the API rules with the spec messages', async () => {
    const size = await field(c, {
      name: 'Size',
      dataType: 'ENUM',
      settings: { enumValues: ['S', 'M'], required: true },
    });
    const when = await field(c, { name: 'When', dataType: 'TIME' });
    const fields = await importFieldsOf(t.deps.db, eventId);
    expect(
      validateParticipantRow(
        { email: 'ok@example.com', firstName: 'A', lastName: 'B', customFields: { [size.id]: 's' } },
        fields,
      ),
    ).toEqual({});
    expect(validateParticipantRow({ email: '', firstName: '', customFields: {} }, fields)).toEqual({
      email: MESSAGES.required,
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      [`customFields.${size.id}`]: MESSAGES.required,
    });
    expect(
      validateParticipantRow(
        {
          email: 'x@',
          firstName: 'A',
          lastName: 'B',
          company: 'c'.repeat(201),
          customFields: { [size.id]: 'XL', [when.id]: '7pm' },
        },
        fields,
      ),
    ).toEqual({
      email: MESSAGES.invalidEmail,
      company: MESSAGES.maxLength,
      [`customFields.${size.id}`]: MESSAGES.pleaseSelectValue,
      [`customFields.${when.id}`]: MESSAGES.timeFormat,
    });
    // 'update' mode: only what is given is checked.
    expect(validateParticipantRow({ email: 'ok@example.com', phone: 4930123 }, fields, 'update')).toEqual({});
    expect(validateParticipantRow({ email: 'ok@example.com', labelIds: ['nope'] }, fields, 'update')).toEqual(
      { labelIds: ATTENDEE_MESSAGES.unknownLabel },
    );
    // Spreadsheet cells become values first.
    const sizeDef = fields.find((x) => x.id === size.id)!;
    expect(customFieldValueFromCell(sizeDef, ' m ')).toBe('m');
    expect(
      customFieldValueFromCell(
        { ...sizeDef, settings: { ...sizeDef.settings, isEnumMultiple: true } },
        'S; M',
      ),
    ).toEqual(['S', 'M']);
    expect(customFieldValueFromCell({ ...sizeDef, dataType: 'BOOLEAN' }, 'Yes')).toBe(true);
    expect(customFieldValueFromCell({ ...sizeDef, dataType: 'NUMBER' }, '1,234.5')).toBe(1234.5);
    expect(customFieldValueFromCell({ ...sizeDef, dataType: 'DATE' }, new Date('2026-03-04T00:00:00Z'))).toBe(
      '2026-03-04',
    );
    expect(customFieldValueFromCell({ ...sizeDef, dataType: 'TIME' }, new Date('1899-12-30T14:05:00Z'))).toBe(
      '02:05 PM',
    );
    expect(customFieldValueFromCell(sizeDef, '')).toBeUndefined();
    await c.delete(`custom-fields/${size.id}`);
    await c.delete(`custom-fields/${when.id}`);
  });
});

describe('upsertParticipants', () => {
  it('creates and updates 10,000 participants by e-mail in one call, without duplicates', async () => {
    const score = await field(c, { name: 'Score', dataType: 'NUMBER' });
    const tier = await field(c, {
      name: 'Tier',
      dataType: 'ENUM',
      settings: { enumValues: ['Gold', 'Silver'] },
    });
    const gold = (
      await c.post('labels', {
        name: 'Gold tier',
        type: 'RULE',
        rules: [{ field: tier.id, operator: 'INCLUDES', value: ['Gold'] }],
      })
    ).json();
    const invited = (await c.post('labels', { name: 'Invited' })).json();
    // Already there: an account that is not a participant, and a participant with a profile.
    const account = await t.f.user({
      email: 'row-00007@import.example.com',
      firstName: 'Kept',
      lastName: 'Account',
    });
    // An account of the organisation joins; outside ones are invited instead (participants.invitations.test.ts).
    await t.f.participant(ten.event.id, account.id);
    const existing = await participant(c, {
      email: 'row-00042@import.example.com',
      firstName: 'Old',
      lastName: 'Name',
      jobTitle: 'Keeps',
      customFields: { [score.id]: 1 },
    });

    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      email: `Row-${String(i).padStart(5, '0')}@Import.example.com`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      company: i % 2 ? 'Odd Inc' : '=Even',
      customFields: { [score.id]: i, [tier.id]: i % 10 === 0 ? 'gold' : 'Silver' },
      labelIds: i < 100 ? [invited.id] : [],
    }));
    rows.push({ ...rows[5]!, company: 'Repeated', email: rows[5]!.email.toLowerCase(), labelIds: [] });
    const result = await upsert(rows);
    expect(result.created).toBe(9_999);
    expect(result.updated).toBe(1);
    expect(result.rows).toHaveLength(10_000);

    const count = async (query: string) =>
      (await c.get(`participants?${query}&limit=1`)).json().total as number;
    expect(await count('search=import.example.com')).toBe(10_000);
    const emails = await sql<{
      n: number;
      distinct: number;
    }>`SELECT count(*)::int AS n, count(DISTINCT email)::int AS distinct FROM participants WHERE event_id = ${eventId}`.execute(
      t.deps.db,
    );
    expect(emails.rows[0]).toEqual({ n: 10_000, distinct: 10_000 });
    const users = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM users WHERE email LIKE 'row-%@import.example.com'`.execute(t.deps.db);
    expect(users.rows[0]!.n).toBe(10_000);

    const updated = (await c.get(`participants/${existing.id}`)).json();
    expect(updated).toMatchObject({
      firstName: 'First42',
      lastName: 'Last42',
      jobTitle: 'Keeps',
      company: '=Even',
      customFields: { [score.id]: 42, [tier.id]: 'Silver' },
    });
    const joined = (await c.get('participants?search=row-00007@')).json().records[0];
    expect(joined).toMatchObject({ userId: account.id, firstName: 'First7', emailVerified: true });
    const untouched = await t.deps.db
      .selectFrom('users')
      .select(['firstName', 'lastName'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ firstName: 'Kept', lastName: 'Account' });
    expect((await c.get('participants?search=row-00005@')).json().records[0].company).toBe('Repeated');
    expect((await c.get(`labels/${gold.id}`)).json().memberCount).toBe(1_000);
    expect((await c.get(`labels/${invited.id}`)).json().memberCount).toBe(100);
    const audit = await sql<{ action: string; n: number }>`
      SELECT action, count(*)::int AS n FROM audit_log WHERE request_id = 'import-test' AND entity = 'participant' GROUP BY action ORDER BY action`.execute(
      t.deps.db,
    );
    expect(audit.rows).toEqual([
      { action: 'create', n: 9_999 },
      { action: 'update', n: 1 },
    ]);

    // Again, partly: only what a row gives changes; null clears a custom field.
    const again = await upsert(
      [
        { email: 'row-00010@import.example.com', customFields: { [tier.id]: null } },
        { email: 'row-00011@import.example.com', jobTitle: 'Lead' },
      ],
      { batchSize: 1 },
    );
    expect(again).toMatchObject({ created: 0, updated: 2 });
    const ten10 = (await c.get('participants?search=row-00010@')).json().records[0];
    expect(ten10.customFields).toEqual({ [score.id]: 10 });
    expect(ten10.firstName).toBe('First10');
    expect((await c.get(`labels/${gold.id}`)).json().memberCount).toBe(999);
  }, 120_000);

  it('leaves a participant alone when a row would change nothing: not counted, no audit row, updated_at kept', async () => {
    await upsert([{ email: 'same@import.example.com', firstName: 'Sam', lastName: 'Same', company: 'Acme' }]);
    const row = () =>
      t.deps.db
        .selectFrom('participants')
        .select(['id', 'updatedAt', 'company'])
        .where('eventId', '=', eventId)
        .where('email', '=', 'same@import.example.com')
        .executeTakeFirstOrThrow();
    const before = await row();
    expect(
      await upsert([{ email: 'SAME@import.example.com', company: 'Acme', firstName: 'Sam' }]),
    ).toMatchObject({ created: 0, updated: 0, rows: [] });
    expect((await row()).updatedAt).toEqual(before.updatedAt);
    expect(await upsert([{ email: 'same@import.example.com', company: 'Globex' }])).toMatchObject({
      created: 0,
      updated: 1,
    });
    expect((await row()).company).toBe('Globex');
    const audit = await sql<{
      action: string;
    }>`SELECT action FROM audit_log WHERE entity = 'participant' AND entity_id = ${before.id} ORDER BY created_at, action`.execute(
      t.deps.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('refuses bad rows before writing anything', async () => {
    const rule = (
      await c.post('labels', {
        name: 'By rule',
        type: 'RULE',
        rules: [{ field: 'company', operator: 'EQUAL', value: 'x' }],
      })
    ).json();
    const before = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM participants WHERE event_id = ${eventId}`.execute(t.deps.db);
    const attempt = upsert([
      { email: 'good@import.example.com', firstName: 'Good' },
      { email: 'bad', firstName: 'x'.repeat(101) },
      { email: 'l@import.example.com', labelIds: [rule.id] },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    const err = (await attempt.catch((e: unknown) => e)) as HttpError;
    expect(err.statusCode).toBe(400);
    expect(err.fields).toEqual({
      'rows.1.email': MESSAGES.invalidEmail,
      'rows.1.firstName': MESSAGES.maxLength,
      'rows.2.labelIds': ATTENDEE_MESSAGES.ruleLabelMembers,
    });
    const after = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM participants WHERE event_id = ${eventId}`.execute(t.deps.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(await upsert([])).toEqual({ created: 0, updated: 0, rows: [], invitees: [] });
  });
});
