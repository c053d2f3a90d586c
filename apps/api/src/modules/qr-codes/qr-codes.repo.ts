import { sql } from 'kysely';
import {
  customQrCodeListQuerySchema,
  customQrPayloadText,
  type CustomQrCode,
  type QrScanVia,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of custom QR codes: the console list, the writes, the sheet's codes. */

const createdBy = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

export function codeSelect(db: Db, eventId: string) {
  return db
    .selectFrom('customQrCodes as c')
    .leftJoin('users as cb', 'cb.id', 'c.createdBy')
    .select([
      'c.id',
      'c.eventId',
      'c.name',
      'c.description',
      'c.points',
      createdBy.as('createdBy'),
      'c.createdAt',
      'c.updatedAt',
    ])
    .where('c.eventId', '=', eventId);
}

const scanners = sql<number>`(SELECT count(*)::int FROM qr_scans s WHERE s.code_id = c.id AND s.code_type = 'CUSTOM_QR_CODE')`;
const scans = sql<number>`(SELECT coalesce(sum(s.scan_count), 0)::int FROM qr_scans s WHERE s.code_id = c.id AND s.code_type = 'CUSTOM_QR_CODE')`;

export const customQrCodeList = defineList({
  query: customQrCodeListQuerySchema,
  select: (db: Db, eventId: string) =>
    codeSelect(db, eventId).select([scanners.as('scanners'), scans.as('scans')]),
  record: (row): CustomQrCode => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    points: row.points,
    payload: customQrPayloadText(row.eventId, row.id),
    scanners: row.scanners,
    scans: row.scans,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  id: sql.ref('c.id'),
  fields: {
    name: { sql: sql.ref('c.name'), sortable: sql`lower(c.name)`, searchable: true, label: 'Name' },
    description: { sql: sql.ref('c.description'), searchable: true, label: 'Description' },
    points: { sql: sql.ref('c.points'), sortable: true, label: 'Points' },
    scanners: { sql: scanners, sortable: true, label: 'Participants who scanned' },
    scans: { sql: scans, sortable: true, label: 'Scans' },
    createdBy: { sql: createdBy, sortable: true, label: 'Created by' },
    payload: { label: 'QR payload' },
    createdAt: { sql: sql.ref('c.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('c.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {},
  defaultSort: 'createdAt:desc',
});

export async function insertCode(
  tx: Db,
  row: { eventId: string; name: string; description: string; points: number; userId: string },
): Promise<string> {
  const { id } = await tx
    .insertInto('customQrCodes')
    .values({
      eventId: row.eventId,
      name: row.name,
      description: row.description,
      points: row.points,
      createdBy: row.userId,
      updatedBy: row.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCode(
  tx: Db,
  eventId: string,
  id: string,
  changes: { name?: string; description?: string; points?: number },
  userId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('customQrCodes')
    .set({ ...changes, updatedBy: userId, updatedAt: new Date() })
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the code and its scans (qr_scans.code_id has no foreign key: it names codes of two kinds). */
export async function deleteCode(tx: Db, eventId: string, id: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('customQrCodes')
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await tx
    .deleteFrom('qrScans')
    .where('eventId', '=', eventId)
    .where('codeType', '=', 'CUSTOM_QR_CODE')
    .where('codeId', '=', id)
    .execute();
  return true;
}

export function findCode(db: Db, eventId: string, id: string) {
  return db
    .selectFrom('customQrCodes')
    .select(['id', 'eventId', 'name', 'description', 'points'])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface SheetItem {
  id: string;
  name: string;
  description: string;
  points: number;
}

/** The codes of a sheet: the chosen ones of the event (others are ignored), or the event's first `max` by name. */
export function codesForSheet(
  db: Db,
  eventId: string,
  ids: string[] | undefined,
  max: number,
): Promise<SheetItem[]> {
  let qb = db
    .selectFrom('customQrCodes')
    .select(['id', 'name', 'description', 'points'])
    .where('eventId', '=', eventId);
  if (ids) qb = qb.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
  return qb
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(max)
    .execute();
}

/** The sessions of a sheet: chosen ones of the event, or the event's first `max` by start. */
export async function sessionsForSheet(
  db: Db,
  eventId: string,
  ids: string[] | undefined,
  max: number,
): Promise<SheetItem[]> {
  let qb = db
    .selectFrom('sessions')
    .select([
      'id',
      'name',
      sql<string>`to_char(start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')`.as('when'),
    ])
    .where('eventId', '=', eventId);
  if (ids) qb = qb.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await qb.orderBy('startAt').orderBy('id').limit(max).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.when ?? '', points: 0 }));
}

/**
 * One scan: the participant's row for the code is created or counted up. The unique (code_id,
 * participant_id) index serialises parallel scans, so exactly one of them sees `first`.
 */
export async function recordScan(
  tx: Db,
  scan: {
    eventId: string;
    codeType: 'CUSTOM_QR_CODE' | 'SESSION_QR_CODE';
    codeId: string;
    participantId: string;
    via: QrScanVia;
    at?: Date;
  },
): Promise<{ scanCount: number; first: boolean }> {
  const at = scan.at ?? new Date();
  const row = await tx
    .insertInto('qrScans')
    .values({
      eventId: scan.eventId,
      codeType: scan.codeType,
      codeId: scan.codeId,
      participantId: scan.participantId,
      via: scan.via,
      firstScannedAt: at,
      lastScannedAt: at,
    })
    .onConflict((oc) =>
      oc.columns(['codeId', 'participantId']).doUpdateSet({
        scanCount: sql`qr_scans.scan_count + 1`,
        lastScannedAt: sql`greatest(qr_scans.last_scanned_at, excluded.last_scanned_at)`,
      }),
    )
    .returning(['scanCount', sql<boolean>`(xmax = 0)`.as('first')])
    .executeTakeFirstOrThrow();
  return { scanCount: row.scanCount, first: row.first };
}

/**
 * Points the participant's games paid for scanning this code: SCAN_QR ledger rows keyed by the code
 * (TYPE_POINTS), or paid for the participant's qr.scanned fact of this code (a COMPLETION the scan
 * finished). A read-only look at gamification's ledger so the scan can show what it earned.
 */
export async function pointsEarnedFor(db: Db, eventId: string, participantId: string, codeId: string) {
  const row = await db
    .selectFrom('gameLedger as l')
    .innerJoin('gameTasks as t', 't.id', 'l.taskId')
    .select(sql<number>`coalesce(sum(l.points), 0)::int`.as('points'))
    .where('l.eventId', '=', eventId)
    .where('l.participantId', '=', participantId)
    .where('t.kind', '=', 'SCAN_QR')
    .where(
      sql<boolean>`(l.target_key = ${codeId} OR l.source_event_id IN (
        SELECT d.id FROM domain_events d WHERE d.name = 'qr.scanned'
          AND d.payload->>'codeId' = ${codeId} AND d.payload->>'participantId' = ${participantId}))`,
    )
    .executeTakeFirst();
  return row?.points ?? 0;
}

export function scanOf(db: Db, codeId: string, participantId: string) {
  return db
    .selectFrom('qrScans')
    .select(['scanCount', 'firstScannedAt', 'lastScannedAt'])
    .where('codeId', '=', codeId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
}
