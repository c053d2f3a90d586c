import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  at,
  eventCases,
  eventUrl as ev,
  itEachPermission,
  type MatrixRequest,
} from '../../../test/permission-matrix.js';
import { multipart, type Tenant } from './attendees.test-utils.js';

/**
 * Who may call what (test/permission-matrix.ts): every attendees endpoint by kind; `self`
 * endpoints (the participant's own profile) answer 404 to anyone else.
 */
interface Target {
  tenant: Tenant;
  participantId: string;
  participantUserId: string;
  customFieldId: string;
  labelId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let png: Buffer;

const unique = () => randomUUID().slice(0, 8);

async function target(tenant: Tenant): Promise<Target> {
  const db = t.deps.db;
  const user = await t.f.user();
  await t.f.participant(tenant.event.id, user.id);
  const p = await db
    .selectFrom('participants')
    .select('id')
    .where('userId', '=', user.id)
    .where('eventId', '=', tenant.event.id)
    .executeTakeFirstOrThrow();
  const cf = await db
    .insertInto('customFields')
    .values({
      eventId: tenant.event.id,
      name: `Field ${unique()}`,
      dataType: 'STRING',
      settings: JSON.stringify({
        required: false,
        isCustomField: true,
        isEnumMultiple: false,
        enumValues: [],
        special: false,
      }),
      currencyCode: null,
      createdBy: null,
      updatedBy: null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const label = await db
    .insertInto('labels')
    .values({
      eventId: tenant.event.id,
      name: `Label ${unique()}`,
      type: 'MANUAL',
      rules: '[]',
      createdBy: null,
      updatedBy: null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { tenant, participantId: p.id, participantUserId: user.id, customFieldId: cf.id, labelId: label.id };
}

/** An account that takes part in another event of the tenant's organisation (map-user adds only those). */
async function accountOfOrganization(tenant: Tenant): Promise<string> {
  return t.f.participant((await t.f.event({ eventHubId: tenant.hub.id })).id);
}
const freshParticipant = async (x: Target) => (await target(x.tenant)).participantId;
const photo =
  (path: (x: Target) => string) =>
  async (x: Target): Promise<MatrixRequest> => {
    const body = multipart('me.png', png);
    return { url: path(x), payload: body.payload, headers: body.headers };
  };

const CASES = eventCases<Target>([
  {
    name: 'list participants',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'participants')),
  },
  {
    name: 'export participants',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => `/api/v1/participants/export?eventId=${x.tenant.event.id}`),
  },
  {
    name: 'add a participant',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'participants'),
      () => ({ email: `new-${unique()}@example.com`, firstName: 'N', lastName: 'P' }),
    ),
  },
  {
    name: 'bulk update',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'participants'),
      (x) => ({ ids: [x.participantId], patch: { company: 'Bulk' } }),
    ),
  },
  {
    name: 'get a participant',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `participants/${x.participantId}`)),
  },
  {
    name: 'update a participant',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `participants/${x.participantId}`),
      () => ({ jobTitle: 'Edited' }),
    ),
  },
  {
    name: 'remove a participant',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `participants/${await freshParticipant(x)}`) }),
  },
  {
    name: 'upload a photo',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: photo((x) => ev(x, `participants/${x.participantId}/photo`)),
  },
  {
    name: 'remove a photo',
    method: 'DELETE',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `participants/${x.participantId}/photo`)),
  },
  {
    name: 'filters',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'participants/filters')),
  },
  {
    name: 'update options',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'participants/update-options')),
  },
  {
    name: 'check user',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'participants/check-user?email=someone@example.com')),
  },
  {
    name: 'map user',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: async (x) => ({
      url: ev(x, 'participants/map-user'),
      payload: { userId: await accountOfOrganization(x.tenant) },
    }),
  },
  // The participant is already in this event: callers who may map get 400 (the refusal comes after the access check).
  {
    name: 'map participant to event',
    method: 'POST',
    kind: 'admin',
    ok: 400,
    request: at(
      (x) => ev(x, 'participants/map-participant-to-event'),
      (x) => ({ participantId: x.participantId }),
    ),
  },
  {
    name: 'directory view',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'participants/view')),
  },
  {
    name: 'impersonation candidates',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'participants/impersonate-user-list')),
  },
  {
    name: 'chat participants',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'participants/chat-participants')),
  },
  {
    name: 'extra reports',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'participants/extra-reports')),
  },
  {
    name: 'public profile',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `participants/${x.participantUserId}/profile`)),
  },
  {
    name: 'own profile',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, 'participants/user-profile')),
  },
  {
    name: 'update own profile',
    method: 'POST',
    kind: 'self',
    ok: 200,
    request: at(
      (x) => ev(x, 'participants/user-profile'),
      () => ({ bio: 'Me' }),
    ),
  },
  {
    name: 'upload own photo',
    method: 'POST',
    kind: 'self',
    ok: 200,
    request: photo((x) => ev(x, 'participants/user-profile/photo')),
  },
  {
    name: 'remove own photo',
    method: 'DELETE',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, 'participants/user-profile/photo')),
  },
  {
    name: 'available fields',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'participants/get-available-fields')),
  },
  {
    name: 'available field data',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'participants/get-available-fields-data?field=company')),
  },
  {
    name: 'magic-links report',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'participants/magic-links')),
  },
  {
    name: 'send magic links',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'participants/magic-links'),
      (x) => ({ participantIds: [x.participantId] }),
    ),
  },
  {
    name: 'list custom fields',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'custom-fields')),
  },
  {
    name: 'create a custom field',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'custom-fields'),
      () => ({ name: `F ${unique()}`, dataType: 'NUMBER' }),
    ),
  },
  {
    name: 'reorder custom fields',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: async (x) => {
      const ids = await t.deps.db
        .selectFrom('customFields')
        .select('id')
        .where('eventId', '=', x.tenant.event.id)
        .orderBy('position', 'desc')
        .execute();
      return { url: ev(x, 'custom-fields/reorder'), payload: { ids: ids.map((r) => r.id) } };
    },
  },
  {
    name: 'get a custom field',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `custom-fields/${x.customFieldId}`)),
  },
  {
    name: 'update a custom field',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `custom-fields/${x.customFieldId}`),
      () => ({ showInProfile: true }),
    ),
  },
  {
    name: 'delete a custom field',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `custom-fields/${(await target(x.tenant)).customFieldId}`) }),
  },
  { name: 'list labels', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'labels')) },
  {
    name: 'create a label',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'labels'),
      () => ({ name: `L ${unique()}` }),
    ),
  },
  {
    name: 'get a label',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `labels/${x.labelId}`)),
  },
  {
    name: 'update a label',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `labels/${x.labelId}`),
      () => ({ color: '#123456' }),
    ),
  },
  {
    name: 'delete a label',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `labels/${(await target(x.tenant)).labelId}`) }),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('attendees permission matrix', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
