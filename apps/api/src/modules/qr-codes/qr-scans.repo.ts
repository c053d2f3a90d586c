import { sql, type SqlBool } from 'kysely';
import { qrScanListQuerySchema, type QrScan } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of QR scans: the scans of a code and the custom-QR and session-QR reports. */

const participantName = sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)`;
const codeName = sql<string>`coalesce(c.name, se.name, '')`;

/** Whose scans: the event's, or only those of one kind of code (the two reports). */
export interface ScanScope {
  eventId: string;
  codeType?: 'CUSTOM_QR_CODE' | 'SESSION_QR_CODE';
}

function scanSelect(db: Db, { eventId, codeType }: ScanScope) {
  const qb = db
    .selectFrom('qrScans as s')
    .innerJoin('participants as p', 'p.id', 's.participantId')
    .leftJoin('customQrCodes as c', (j) =>
      j.onRef('c.id', '=', 's.codeId').on('s.codeType', '=', 'CUSTOM_QR_CODE'),
    )
    .leftJoin('sessions as se', (j) =>
      j.onRef('se.id', '=', 's.codeId').on('s.codeType', '=', 'SESSION_QR_CODE'),
    )
    .select([
      's.id',
      's.codeType',
      's.codeId',
      codeName.as('codeName'),
      's.participantId',
      participantName.as('participantName'),
      'p.email',
      's.firstScannedAt',
      's.lastScannedAt',
      's.scanCount',
      's.via',
    ])
    .where('s.eventId', '=', eventId)
    .where('p.eventId', '=', eventId);
  return codeType ? qb.where('s.codeType', '=', codeType) : qb;
}

export const qrScanList = defineList({
  query: qrScanListQuerySchema,
  select: scanSelect,
  record: (row): QrScan => ({
    id: row.id,
    codeType: row.codeType,
    codeId: row.codeId,
    codeName: row.codeName,
    participantId: row.participantId,
    participantName: row.participantName,
    email: row.email,
    firstScannedAt: row.firstScannedAt.toISOString(),
    lastScannedAt: row.lastScannedAt.toISOString(),
    scanCount: row.scanCount,
    via: row.via,
  }),
  id: sql.ref('s.id'),
  fields: {
    codeName: { sql: codeName, sortable: sql`lower(${codeName})`, searchable: true, label: 'Code' },
    participantName: {
      sql: participantName,
      sortable: sql`lower(${participantName})`,
      searchable: true,
      label: 'Participant',
    },
    email: { sql: sql.ref('p.email'), sortable: true, searchable: true, label: 'E-mail' },
    firstScannedAt: { sql: sql.ref('s.firstScannedAt'), sortable: true, label: 'First scan' },
    lastScannedAt: { sql: sql.ref('s.lastScannedAt'), sortable: true, label: 'Last scan' },
    scanCount: { sql: sql.ref('s.scanCount'), sortable: true, label: 'Count' },
    via: { label: 'Via' },
  },
  filters: {
    codeType: (type) => sql<SqlBool>`s.code_type = ${type}`,
    codeId: (id) => sql<SqlBool>`s.code_id = ${id}`,
  },
  defaultSort: 'lastScannedAt:desc',
});
