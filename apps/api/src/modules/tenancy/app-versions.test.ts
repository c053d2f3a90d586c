import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TENANCY_MESSAGES } from '@plenary/domain';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let su: string;
let superId: string;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.f.user({ userRole: 'superadmin' });
  superId = admin.id;
  su = await t.f.token(admin.id);
});
afterAll(() => t.close());

const url = '/api/v1/app-versions';

describe('app versions', () => {
  it('creates, reads, updates and deletes', async () => {
    const created = await t.as(su, { method: 'POST', url, payload: { platform: 'iOS', version: '3.2.1' } });
    expect(created.statusCode).toBe(201);
    const v = created.json();
    expect(v).toEqual({
      id: expect.any(String),
      platform: 'iOS',
      version: '3.2.1',
      isRequired: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.as(su, { method: 'GET', url: `${url}/${v.id}` })).json()).toEqual(v);
    const patched = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${v.id}`,
      payload: { isRequired: true, version: '3.2.2' },
    });
    expect(patched.json()).toMatchObject({ isRequired: true, version: '3.2.2', platform: 'iOS' });
    expect((await t.as(su, { method: 'DELETE', url: `${url}/${v.id}` })).statusCode).toBe(204);
    expect((await t.as(su, { method: 'GET', url: `${url}/${v.id}` })).statusCode).toBe(404);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('entityId', '=', v.id)
      .orderBy('createdAt')
      .execute();
    expect(audit).toEqual(['create', 'update', 'delete'].map((action) => ({ action, actorId: superId })));
  });

  it('keeps (platform, version) unique: 409 with the field', async () => {
    await t.as(su, { method: 'POST', url, payload: { platform: 'Android', version: '5.0.0' } });
    const dup = await t.as(su, { method: 'POST', url, payload: { platform: 'Android', version: '5.0.0' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ version: TENANCY_MESSAGES.versionExists });
    const sameOnIos = await t.as(su, { method: 'POST', url, payload: { platform: 'iOS', version: '5.0.0' } });
    expect(sameOnIos.statusCode).toBe(201);
    const clash = await t.as(su, {
      method: 'PATCH',
      url: `${url}/${sameOnIos.json().id}`,
      payload: { platform: 'Android' },
    });
    expect(clash.statusCode).toBe(409);
    // Saving a version as it is is no clash.
    expect(
      (
        await t.as(su, {
          method: 'PATCH',
          url: `${url}/${sameOnIos.json().id}`,
          payload: { version: '5.0.0' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers concurrent duplicates with one 201 and 409s', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.as(su, { method: 'POST', url, payload: { platform: 'iOS', version: '9.9.9' } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('sorts versions numerically, filters, searches and exports Yes/No', async () => {
    for (const [version, isRequired] of [
      ['10.0.0', true],
      ['9.10.0', false],
      ['9.9.1', true],
      ['9.9.1-beta', false],
    ] as const) {
      await t.as(su, { method: 'POST', url, payload: { platform: 'Android', version, isRequired } });
    }
    const asc = await t.as(su, { method: 'GET', url: `${url}?platform=Android&search=9.&sort=version:asc` });
    expect(
      asc
        .json()
        .records.map((v: { version: string }) => v.version)
        .slice(0, 2)
        .sort(),
    ).toEqual(['9.9.1', '9.9.1-beta']);
    expect(
      asc
        .json()
        .records.map((v: { version: string }) => v.version)
        .slice(2),
    ).toEqual(['9.10.0']);
    const desc = await t.as(su, { method: 'GET', url: `${url}?platform=Android&sort=version:desc&limit=1` });
    expect(desc.json()).toMatchObject({ total: 5, records: [{ version: '10.0.0' }] });
    const required = await t.as(su, {
      method: 'GET',
      url: `${url}?platform=Android&isRequired=true&sort=version:asc`,
    });
    expect(required.json().records.map((v: { version: string }) => v.version)).toEqual(['9.9.1', '10.0.0']);
    const csv = readCsv(
      (
        await t.as(su, {
          method: 'GET',
          url: `${url}/export?platform=Android&isRequired=true&sort=version:desc`,
        })
      ).body,
    );
    expect(csv.map((r) => r.slice(0, 3))).toEqual([
      ['Platform', 'Version', 'Required'],
      ['Android', '10.0.0', 'Yes'],
      ['Android', '9.9.1', 'Yes'],
    ]);
    const xlsx = await readXlsx(
      (
        await t.as(su, {
          method: 'GET',
          url: `${url}/export?format=xlsx&platform=Android&isRequired=false&search=9.&columns=version,isRequired&sort=version:asc`,
        })
      ).rawPayload,
    );
    expect(xlsx).toEqual([
      ['Version', 'Required'],
      ['9.9.1-beta', 'No'],
      ['9.10.0', 'No'],
    ]);
  });

  it('answers 400 for bad input and bad queries', async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { platform: expect.any(String) as unknown as string, version: MESSAGES.required }],
      [{ platform: 'Windows', version: '1.0' }, { platform: expect.any(String) as unknown as string }],
      [{ platform: 'iOS', version: 'v1' }, { version: TENANCY_MESSAGES.invalidVersion }],
      [{ platform: 'iOS', version: '1'.repeat(65) }, { version: MESSAGES.maxLength }],
      [
        { platform: 'iOS', version: '1.0', isRequired: 'yes' },
        { isRequired: expect.any(String) as unknown as string },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as(su, { method: 'POST', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(
      (
        await t.as(su, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: 'nope',
        })
      ).statusCode,
    ).toBe(400);
    for (const q of ['isRequired=maybe', 'platform=Symbian', 'sort=platform:sideways', 'sort=id:asc']) {
      expect((await t.as(su, { method: 'GET', url: `${url}?${q}` })).statusCode, q).toBe(400);
    }
    expect((await t.as(su, { method: 'DELETE', url: `${url}/zzz` })).statusCode).toBe(400);
    expect(
      (
        await t.as(su, {
          method: 'PATCH',
          url: `${url}/00000000-0000-4000-8000-000000000000`,
          payload: { isRequired: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
