import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  at,
  eventCases,
  eventUrl as ev,
  itEachPermission,
  type MatrixRequest,
} from '../../../test/permission-matrix.js';
import type { Tenant } from '../attendees/attendees.test-utils.js';
import { form, pdf, png } from './content.test-utils.js';

/**
 * Who may call what (test/permission-matrix.ts): every content endpoint by kind; participants
 * read locations, materials, maps and collections (member), not breakouts or exports (read).
 */
interface Target {
  tenant: Tenant;
  locationId: string;
  materialId: string;
  mapId: string;
  pinId: string;
  collectionId: string;
  breakoutId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let planPng: Buffer;

const unique = () => randomUUID().slice(0, 8);
const EVERYONE = JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] });

/** Rows made directly in the database (deletes need a fresh one per request). */
const rows = {
  location: async (eventId: string) =>
    (
      await t.deps.db
        .insertInto('locations')
        .values({ eventId, name: `Room ${unique()}`, updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  material: async (eventId: string) =>
    (
      await t.deps.db
        .insertInto('materials')
        .values({
          eventId,
          name: `M ${unique()}`,
          fileKey: `${randomUUID().replace(/-/g, '')}.pdf`,
          fileName: 'm.pdf',
          fileType: 'pdf',
          fileSize: 10,
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  map: async (eventId: string) =>
    (
      await t.deps.db
        .insertInto('interactiveMaps')
        .values({
          eventId,
          name: `Map ${unique()}`,
          fileKey: `${randomUUID().replace(/-/g, '')}.png`,
          fileType: 'png',
          width: 10,
          height: 10,
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  pin: async (mapId: string) =>
    (
      await t.deps.db
        .insertInto('mapPins')
        .values({ mapId, name: `Pin ${unique()}`, x: 0.5, y: 0.5, updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  collection: async (eventId: string) =>
    (
      await t.deps.db
        .insertInto('collections')
        .values({ eventId, name: `C ${unique()}`, audience: EVERYONE, updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  breakout: async (eventId: string) =>
    (
      await t.deps.db
        .insertInto('breakouts')
        .values({ eventId, name: `B ${unique()}`, audience: EVERYONE, capacity: null, updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
};

async function target(tenant: Tenant): Promise<Target> {
  const eventId = tenant.event.id;
  const mapId = await rows.map(eventId);
  return {
    tenant,
    locationId: await rows.location(eventId),
    materialId: await rows.material(eventId),
    mapId,
    pinId: await rows.pin(mapId),
    collectionId: await rows.collection(eventId),
    breakoutId: await rows.breakout(eventId),
  };
}

const upload =
  (
    path: (x: Target) => string,
    file: () => { name: string; bytes: Buffer },
    fields: () => Record<string, string> = () => ({}),
  ) =>
  async (x: Target): Promise<MatrixRequest> => {
    const body = form(fields(), file());
    return { url: path(x), payload: body.payload, headers: body.headers };
  };

const CASES = eventCases<Target>([
  { name: 'list locations', method: 'GET', kind: 'member', ok: 200, request: at((x) => ev(x, 'locations')) },
  {
    name: 'export locations',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'locations/export?format=csv')),
  },
  {
    name: 'create a location',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'locations'),
      () => ({ name: `Room ${unique()}` }),
    ),
  },
  {
    name: 'get a location',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `locations/${x.locationId}`)),
  },
  {
    name: 'update a location',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `locations/${x.locationId}`),
      () => ({ description: unique() }),
    ),
  },
  {
    name: 'delete a location',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `locations/${await rows.location(x.tenant.event.id)}`)),
  },
  {
    name: 'upload a PDF map',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: upload(
      (x) => ev(x, `locations/${x.locationId}/pdf-map`),
      () => ({ name: 'map.pdf', bytes: pdf() }),
    ),
  },
  {
    name: 'remove a PDF map',
    method: 'DELETE',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `locations/${x.locationId}/pdf-map`)),
  },

  { name: 'list materials', method: 'GET', kind: 'member', ok: 200, request: at((x) => ev(x, 'materials')) },
  {
    name: 'export materials',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'materials/export?format=xlsx')),
  },
  {
    name: 'upload a material',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: upload(
      (x) => ev(x, 'materials'),
      () => ({ name: 'h.pdf', bytes: pdf() }),
      () => ({ name: `M ${unique()}` }),
    ),
  },
  {
    name: 'get a material',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `materials/${x.materialId}`)),
  },
  {
    name: 'update a material',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `materials/${x.materialId}`),
      () => ({ description: unique() }),
    ),
  },
  {
    name: "replace a material's file",
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: upload(
      (x) => ev(x, `materials/${x.materialId}/file`),
      () => ({ name: 'h.pdf', bytes: pdf() }),
    ),
  },
  {
    name: 'delete a material',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `materials/${await rows.material(x.tenant.event.id)}`)),
  },

  {
    name: 'list maps',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'interactive-maps')),
  },
  {
    name: 'upload a map',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: upload(
      (x) => ev(x, 'interactive-maps'),
      () => ({ name: 'plan.png', bytes: planPng }),
      () => ({ name: `Map ${unique()}` }),
    ),
  },
  {
    name: 'get a map with pins',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `interactive-maps/${x.mapId}`)),
  },
  {
    name: 'update a map',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `interactive-maps/${x.mapId}`),
      () => ({ description: unique() }),
    ),
  },
  {
    name: "replace a map's plan",
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: upload(
      (x) => ev(x, `interactive-maps/${x.mapId}/file`),
      () => ({ name: 'plan.png', bytes: planPng }),
    ),
  },
  {
    name: 'delete a map',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `interactive-maps/${await rows.map(x.tenant.event.id)}`)),
  },
  {
    name: 'add a pin',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `interactive-maps/${x.mapId}/pins`),
      (x) => ({ name: `Pin ${unique()}`, x: 0.1, y: 0.9, locationId: x.locationId }),
    ),
  },
  {
    name: 'move a pin',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `interactive-maps/${x.mapId}/pins/${x.pinId}`),
      () => ({ x: Math.random() }),
    ),
  },
  {
    name: 'delete a pin',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `interactive-maps/${x.mapId}/pins/${await rows.pin(x.mapId)}`)),
  },

  {
    name: 'list collections',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'collections')),
  },
  {
    name: 'export collections',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'collections/export?format=csv')),
  },
  {
    name: 'create a collection',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'collections'),
      () => ({ name: `C ${unique()}` }),
    ),
  },
  {
    name: 'get a collection',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `collections/${x.collectionId}`)),
  },
  {
    name: 'update a collection',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `collections/${x.collectionId}`),
      () => ({ description: unique() }),
    ),
  },
  {
    name: 'delete a collection',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `collections/${await rows.collection(x.tenant.event.id)}`)),
  },

  { name: 'list breakouts', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'breakouts')) },
  {
    name: 'export breakouts',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'breakouts/export?format=csv')),
  },
  {
    name: 'create a breakout',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'breakouts'),
      () => ({ name: `B ${unique()}`, capacity: 20 }),
    ),
  },
  {
    name: 'get a breakout',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `breakouts/${x.breakoutId}`)),
  },
  {
    name: 'update a breakout',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `breakouts/${x.breakoutId}`),
      () => ({ description: unique() }),
    ),
  },
  {
    name: 'delete a breakout',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at(async (x) => ev(x, `breakouts/${await rows.breakout(x.tenant.event.id)}`)),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
  planPng = await png(64, 48);
});
afterAll(() => t.close());

describe('content permission matrix', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
