import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_GAME_NAME } from './gamification.js';
import { seed } from './index.js';
import { DEMO_QR_CODES, seedQrCodes } from './qr-codes.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
});
afterAll(() => t.close());

const counts = async () => ({
  codes: (await t.deps.db.selectFrom('customQrCodes').select('id').execute()).length,
  scans: (await t.deps.db.selectFrom('qrScans').select('id').execute()).length,
});

describe('demo custom QR codes seed', () => {
  it('seeds the codes with points and a dozen scans by demo participants that the quest pays, once', async () => {
    const db = t.deps.db;
    const event = await db
      .selectFrom('events')
      .select('id')
      .where('name', '=', DEMO_EVENT_NAME)
      .executeTakeFirstOrThrow();
    const codes = await db
      .selectFrom('customQrCodes')
      .select(['id', 'name', 'points', 'createdBy'])
      .where('eventId', '=', event.id)
      .orderBy('name')
      .execute();
    expect(codes.map((c) => c.name).sort()).toEqual(DEMO_QR_CODES.map((c) => c.name).sort());
    expect(codes.every((c) => c.points > 0 && c.createdBy !== null)).toBe(true);

    const scans = await db
      .selectFrom('qrScans as s')
      .innerJoin('participants as p', 'p.id', 's.participantId')
      .select(['s.codeId', 's.codeType', 's.scanCount', 's.lastScannedAt', 'p.eventId'])
      .where('s.eventId', '=', event.id)
      .where('s.codeType', '=', 'CUSTOM_QR_CODE')
      .execute();
    expect(scans.length).toBeGreaterThanOrEqual(12);
    expect(scans.every((s) => s.eventId === event.id && codes.some((c) => c.id === s.codeId))).toBe(true);
    expect(scans.every((s) => s.lastScannedAt.getTime() <= Date.now())).toBe(true);
    expect(scans.some((s) => s.scanCount > 1)).toBe(true);

    // The quest has a SCAN_QR task, and the scans earned points in its ledger.
    const game = await db
      .selectFrom('games')
      .select('id')
      .where('name', '=', DEMO_GAME_NAME)
      .executeTakeFirstOrThrow();
    const task = await db
      .selectFrom('gameTasks')
      .select('id')
      .where('gameId', '=', game.id)
      .where('kind', '=', 'SCAN_QR')
      .executeTakeFirstOrThrow();
    const paid = await db.selectFrom('gameLedger').select('id').where('taskId', '=', task.id).execute();
    expect(paid.length).toBeGreaterThan(0);

    const before = await counts();
    await seedQrCodes(t.deps);
    expect(await counts()).toEqual(before);
  });
});
