import type { Db } from '../platform/db/index.js';

/** The SQL of the demo's custom QR codes and their scans (seed/qr-codes.ts). */

export interface DemoQrCode {
  name: string;
  description: string;
  points: number;
}

export interface DemoQrScan {
  /** Index of the code in the seeded list. */
  code: number;
  participantId: string;
  via: 'APP' | 'EXTERNAL';
  scanCount: number;
  firstScannedAt: Date;
  lastScannedAt: Date;
}

/** True when the event already holds a custom QR code of that name (the seed ran). */
export async function hasQrCode(db: Db, eventId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('customQrCodes')
    .select('id')
    .where('eventId', '=', eventId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** The event's participants in a stable order (by e-mail), the demo participant first when given. */
export async function participantsByEmail(
  db: Db,
  eventId: string,
  limit: number,
): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('participants')
    .select(['id', 'email'])
    .where('eventId', '=', eventId)
    .orderBy('email')
    .limit(limit)
    .execute();
}

/** The codes and their scans in one transaction (one row per participant and code). */
export async function insertCodesAndScans(
  db: Db,
  eventId: string,
  adminId: string | null,
  codes: readonly DemoQrCode[],
  scans: readonly DemoQrScan[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const ids: string[] = [];
    for (const [i, code] of codes.entries()) {
      // A minute apart, the first newest: the list (newest first) has a stable order.
      const at = new Date(Date.now() - i * 60_000);
      const { id } = await tx
        .insertInto('customQrCodes')
        .values({ eventId, ...code, createdBy: adminId, updatedBy: adminId, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    if (scans.length === 0) return;
    await tx
      .insertInto('qrScans')
      .values(
        scans.map((s) => ({
          eventId,
          codeType: 'CUSTOM_QR_CODE' as const,
          codeId: ids[s.code]!,
          participantId: s.participantId,
          via: s.via,
          scanCount: s.scanCount,
          firstScannedAt: s.firstScannedAt,
          lastScannedAt: s.lastScannedAt,
        })),
      )
      .onConflict((oc) => oc.columns(['codeId', 'participantId']).doNothing())
      .execute();
  });
}
