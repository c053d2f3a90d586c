import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, customFieldKey, DATA_TYPES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(() => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('custom fields', () => {
  it('creates one of each data type, lists them in order and reads one', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    const created = [];
    for (const dataType of DATA_TYPES) {
      const res = await c.post('custom-fields', {
        name: `Field ${dataType}`,
        dataType,
        ...(dataType === 'ENUM'
          ? { settings: { enumValues: ['Red', 'Green'], isEnumMultiple: true, required: true } }
          : {}),
        ...(dataType === 'CURRENCY' ? { currencyCode: 'eur' } : {}),
        showInProfile: dataType === 'STRING',
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json());
    }
    const enumField = created.find((f) => f.dataType === 'ENUM');
    expect(enumField).toMatchObject({
      key: customFieldKey(enumField.id),
      settings: {
        required: true,
        isCustomField: true,
        isEnumMultiple: true,
        enumValues: ['Red', 'Green'],
        special: false,
      },
      editableByParticipant: false,
      showInProfile: false,
      currencyCode: null,
    });
    expect(created.find((f) => f.dataType === 'CURRENCY').currencyCode).toBe('EUR');
    expect(created.map((f) => f.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const list = await c.get('custom-fields');
    expect(list.json().total).toBe(8);
    expect(list.json().records.map((f: { dataType: string }) => f.dataType)).toEqual([...DATA_TYPES]);
    expect((await c.get(`custom-fields/${enumField.id}`)).json()).toEqual(enumField);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity'])
      .where('entityId', '=', enumField.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', entity: 'custom-field' }]);
  });

  it('answers bad input with the spec messages', async () => {
    const missing = await admin.post('custom-fields', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ name: MESSAGES.required, dataType: MESSAGES.required });
    expect((await admin.post('custom-fields', { name: ' ', dataType: 'STRING' })).json().fields).toEqual({
      name: MESSAGES.required,
    });
    expect(
      (await admin.post('custom-fields', { name: 'x'.repeat(101), dataType: 'STRING' })).json().fields,
    ).toEqual({ name: MESSAGES.maxLength });
    expect((await admin.post('custom-fields', { name: 'Kind', dataType: 'COLOUR' })).statusCode).toBe(400);
    expect(
      (
        await admin.post('custom-fields', { name: 'Kind', dataType: 'STRING', settings: { required: 'yes' } })
      ).json().fields,
    ).toHaveProperty(['settings.required']);
    expect((await admin.post('custom-fields', { name: 'Kind', dataType: 'ENUM' })).json().fields).toEqual({
      'settings.enumValues': ATTENDEE_MESSAGES.enumValuesRequired,
    });
    expect(
      (
        await admin.post('custom-fields', {
          name: 'Kind',
          dataType: 'ENUM',
          settings: { enumValues: ['A', 'a'] },
        })
      ).json().fields,
    ).toEqual({ 'settings.enumValues.1': ATTENDEE_MESSAGES.enumValuesDuplicate });
    expect(
      (
        await admin.post('custom-fields', {
          name: 'Kind',
          dataType: 'ENUM',
          settings: { enumValues: ['A', ''] },
        })
      ).json().fields,
    ).toEqual({ 'settings.enumValues.1': MESSAGES.required });
    expect(
      (
        await admin.post('custom-fields', {
          name: 'Kind',
          dataType: 'ENUM',
          settings: { enumValues: ['v'.repeat(201)] },
        })
      ).json().fields,
    ).toEqual({ 'settings.enumValues.0': MESSAGES.maxLength });
    expect(
      (
        await admin.post('custom-fields', {
          name: 'Kind',
          dataType: 'STRING',
          settings: { enumValues: ['A'] },
        })
      ).json().fields,
    ).toEqual({ 'settings.enumValues': ATTENDEE_MESSAGES.enumOnly });
    expect(
      (
        await admin.post('custom-fields', { name: 'Price', dataType: 'CURRENCY', currencyCode: 'EURO' })
      ).json().fields,
    ).toEqual({ currencyCode: ATTENDEE_MESSAGES.currencyCode });
    const malformed = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/custom-fields`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    await field(admin, { name: 'Dietary needs', dataType: 'STRING' });
    const taken = await admin.post('custom-fields', { name: 'DIETARY NEEDS', dataType: 'BOOLEAN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: ATTENDEE_MESSAGES.fieldNameTaken });
    expect((await admin.get('custom-fields/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.get(`custom-fields/${unknownId}`)).statusCode).toBe(404);
    const foreign = await field(client(t, other.tokens.eventAdmin, other.event.id), {
      name: 'Theirs',
      dataType: 'STRING',
    });
    expect((await admin.get(`custom-fields/${foreign.id}`)).statusCode).toBe(404);
    expect((await admin.patch(`custom-fields/${foreign.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await admin.delete(`custom-fields/${foreign.id}`)).statusCode).toBe(404);
  });

  it('changes the type only while no participant has a value and no rule uses the field', async () => {
    const f = await field(admin, { name: 'Badge number', dataType: 'STRING' });
    const changed = await admin.patch(`custom-fields/${f.id}`, { dataType: 'NUMBER', name: 'Badge no.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ dataType: 'NUMBER', name: 'Badge no.' });
    const p = await participant(admin, { customFields: { [f.id]: 42 } });
    const refused = await admin.patch(`custom-fields/${f.id}`, { dataType: 'STRING' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({ dataType: ATTENDEE_MESSAGES.typeChangeRefused });
    await admin.patch(`participants/${p.id}`, { customFields: { [f.id]: null } });
    const label = await admin.post('labels', {
      name: 'Badge 42',
      type: 'RULE',
      rules: [{ field: f.id, operator: 'EQUAL', value: 42 }],
    });
    expect((await admin.patch(`custom-fields/${f.id}`, { dataType: 'STRING' })).statusCode).toBe(409);
    await admin.delete(`labels/${label.json().id}`);
    const toEnum = await admin.patch(`custom-fields/${f.id}`, { dataType: 'ENUM' });
    expect(toEnum.json().fields).toEqual({ 'settings.enumValues': ATTENDEE_MESSAGES.enumValuesRequired });
    const ok = await admin.patch(`custom-fields/${f.id}`, {
      dataType: 'ENUM',
      settings: { enumValues: ['A', 'B'] },
    });
    expect(ok.json()).toMatchObject({
      dataType: 'ENUM',
      settings: { enumValues: ['A', 'B'], isEnumMultiple: false },
    });
    const back = await admin.patch(`custom-fields/${f.id}`, { dataType: 'CURRENCY' });
    expect(back.json()).toMatchObject({
      dataType: 'CURRENCY',
      currencyCode: 'USD',
      settings: { enumValues: [] },
    });
  });

  it('keeps ENUM values that participants hold, and converts single and multiple select', async () => {
    const f = await field(admin, {
      name: 'Track',
      dataType: 'ENUM',
      settings: { enumValues: ['Web', 'Data', 'Ops'] },
    });
    const p1 = await participant(admin, { customFields: { [f.id]: 'web' } });
    const p2 = await participant(admin, { customFields: { [f.id]: 'Data' } });
    expect(p1.customFields).toEqual({ [f.id]: 'Web' });
    const removeUsed = await admin.patch(`custom-fields/${f.id}`, {
      settings: { enumValues: ['Web', 'Ops'] },
    });
    expect(removeUsed.statusCode).toBe(409);
    expect(removeUsed.json().fields['settings.enumValues']).toBe(
      `${ATTENDEE_MESSAGES.enumValuesInUse}: Data`,
    );
    const removeUnused = await admin.patch(`custom-fields/${f.id}`, {
      settings: { enumValues: ['Web', 'Data', 'Design'] },
    });
    expect(removeUnused.json().settings.enumValues).toEqual(['Web', 'Data', 'Design']);
    const label = (
      await admin.post('labels', {
        name: 'Web track',
        type: 'RULE',
        rules: [{ field: f.key, operator: 'INCLUDES', value: ['Web'] }],
      })
    ).json();
    expect(label.memberCount).toBe(1);

    const multi = await admin.patch(`custom-fields/${f.id}`, { settings: { isEnumMultiple: true } });
    expect(multi.json().settings.isEnumMultiple).toBe(true);
    expect((await admin.get(`participants/${p1.id}`)).json().customFields).toEqual({ [f.id]: ['Web'] });
    expect((await admin.get(`labels/${label.id}`)).json().memberCount).toBe(1);
    await admin.patch(`participants/${p2.id}`, { customFields: { [f.id]: ['Data', 'Web'] } });
    expect((await admin.get(`labels/${label.id}`)).json().memberCount).toBe(2);
    const single = await admin.patch(`custom-fields/${f.id}`, { settings: { isEnumMultiple: false } });
    expect(single.statusCode).toBe(409);
    expect(single.json().fields).toEqual({ 'settings.isEnumMultiple': ATTENDEE_MESSAGES.enumNotSingle });
    await admin.patch(`participants/${p2.id}`, { customFields: { [f.id]: ['Data'] } });
    expect(
      (await admin.patch(`custom-fields/${f.id}`, { settings: { isEnumMultiple: false } })).statusCode,
    ).toBe(200);
    expect((await admin.get(`participants/${p1.id}`)).json().customFields).toEqual({ [f.id]: 'Web' });
    expect((await admin.get(`participants/${p2.id}`)).json().customFields).toEqual({ [f.id]: 'Data' });
    expect((await admin.get(`labels/${label.id}`)).json().memberCount).toBe(1);
    const ruleValue = await admin.patch(`custom-fields/${f.id}`, {
      settings: { enumValues: ['Data', 'Ops'] },
    });
    expect(ruleValue.statusCode).toBe(409);
  });

  it('deletes a field with its values, but not a built-in one or one that rules use', async () => {
    const f = await field(admin, { name: 'T-shirt', dataType: 'STRING' });
    const p = await participant(admin, { customFields: { [f.id]: 'L' } });
    const label = (
      await admin.post('labels', {
        name: 'Large shirts',
        type: 'RULE',
        rules: [{ field: f.id, operator: 'EQUAL', value: 'l' }],
      })
    ).json();
    const used = await admin.delete(`custom-fields/${f.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(`${ATTENDEE_MESSAGES.fieldUsedByLabels}: Large shirts`);
    await admin.delete(`labels/${label.id}`);
    expect((await admin.delete(`custom-fields/${f.id}`)).statusCode).toBe(204);
    expect((await admin.get(`participants/${p.id}`)).json().customFields).toEqual({});
    expect((await admin.get(`custom-fields/${f.id}`)).statusCode).toBe(404);
    const special = await field(admin, {
      name: 'Badge name',
      dataType: 'STRING',
      settings: { special: true },
    });
    const refused = await admin.delete(`custom-fields/${special.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ATTENDEE_MESSAGES.specialField);
  });

  it('reorders every field of the event', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.orgAdmin, event.id);
    const a = await field(c, { name: 'A', dataType: 'STRING' });
    const b = await field(c, { name: 'B', dataType: 'BOOLEAN' });
    const d = await field(c, { name: 'C', dataType: 'DATE' });
    const res = await c.post('custom-fields/reorder', { ids: [d.id, a.id, b.id] });
    expect(res.json().records.map((f: { name: string; position: number }) => [f.name, f.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    for (const ids of [
      [d.id, a.id],
      [d.id, a.id, a.id],
      [d.id, a.id, b.id, unknownId],
    ]) {
      const bad = await c.post('custom-fields/reorder', { ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ ids: ATTENDEE_MESSAGES.reorderMismatch });
    }
    expect((await c.post('custom-fields/reorder', { ids: ['x'] })).statusCode).toBe(400);
  });
});
