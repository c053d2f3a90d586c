import type { Db } from '../../platform/db/index.js';

/** The participant's first report that the app runs installed; false when one was recorded already. */
export async function insertAppInstall(
  tx: Db,
  row: { eventId: string; participantId: string; platform: string },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('appInstalls')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('participantId')
    .executeTakeFirst();
  return inserted !== undefined;
}
