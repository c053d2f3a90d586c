import { encodeQrPayload } from '@plenary/domain';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { asAdmin } from '../gamification/games.test-utils.js';

/** Who may call the custom QR code routes (test/permission-matrix.ts). */
interface CodeTarget {
  tenant: Tenant;
  codeId: string;
}
let t: TestContext;
let a: CodeTarget;
let b: CodeTarget;

const newCode = (x: CodeTarget) =>
  asAdmin(t, x.tenant, 'POST', 'custom-qr-codes', { name: 'Booth', description: '', points: 5 });

const CASES = eventCases<CodeTarget>([
  { name: 'list codes', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'custom-qr-codes')) },
  {
    name: 'export codes',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'custom-qr-codes/export?format=csv')),
  },
  {
    name: 'create a code',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'custom-qr-codes'),
      () => ({ name: 'Poster wall', points: 3 }),
    ),
  },
  {
    name: 'read a code',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `custom-qr-codes/${x.codeId}`)),
  },
  {
    name: 'update a code',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `custom-qr-codes/${x.codeId}`),
      () => ({ description: 'By the entrance' }),
    ),
  },
  {
    name: 'delete a code',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `custom-qr-codes/${(await newCode(x)).id}`) }),
  },
  {
    name: 'the PNG of a code',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `custom-qr-codes/${x.codeId}/qr-code?size=1200`)),
  },
  {
    name: 'the sheet of custom codes',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'custom-qr-codes/sheet')),
  },
  {
    name: 'scan a code',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: at(
      (x) => ev(x, 'custom-qr-codes/scan'),
      (x) => ({
        qr: encodeQrPayload({ type: 'CUSTOM_QR_CODE', eventId: x.tenant.event.id, customQRCodeId: x.codeId }),
        via: 'APP',
      }),
    ),
  },
  {
    name: 'my scan of a code',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, `custom-qr-codes/${x.codeId}/my-scan`)),
  },
  { name: 'list scans', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'qr-scans')) },
  {
    name: 'custom QR codes report',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'reports/custom-qr-codes?format=csv')),
  },
  {
    name: 'session QR codes report',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'reports/session-qr-codes?format=csv')),
  },
]);

async function target(tenant: Tenant): Promise<CodeTarget> {
  const x = { tenant, codeId: '' };
  x.codeId = (await newCode(x)).id;
  // The participant has scanned it, so "my scan" has something to answer.
  await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: ev(x, 'custom-qr-codes/scan'),
    payload: {
      qr: encodeQrPayload({ type: 'CUSTOM_QR_CODE', eventId: tenant.event.id, customQRCodeId: x.codeId }),
      via: 'APP',
    },
  });
  return x;
}

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('custom QR codes: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
