import type { Db } from './db/index.js';

/** One message into the dev mailbox (`mail_outbox`), where the console reads it. */
export async function insertDevMail(
  db: Db,
  message: { to: string; subject: string; text: string; html: string | null },
): Promise<void> {
  await db.insertInto('mailOutbox').values(message).execute();
}
