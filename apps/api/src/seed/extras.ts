import type { AppDeps } from '../platform/deps.js';
import { newOneTimeSecret } from '../platform/auth.js';
import { demoEventAndAdmin } from './agenda.js';

const hour = 60 * 60 * 1000;
/** How many demo participants got a magic link, and how many of them have used it. */
const LINKED = 6;
const VERSIONS: ReadonlyArray<{
  platform: 'iOS' | 'Android';
  version: string;
  isRequired: boolean;
  daysAgo: number;
}> = [
  { platform: 'iOS', version: '2.3.0', isRequired: false, daysAgo: 30 },
  { platform: 'iOS', version: '2.4.1', isRequired: true, daysAgo: 3 },
  { platform: 'Android', version: '2.3.2', isRequired: false, daysAgo: 28 },
  { platform: 'Android', version: '2.4.0', isRequired: true, daysAgo: 4 },
];
const USED = 3;

/**
 * Demo magic links (the used ones with the sign-in they made) and app versions (issue 11), so the console's magic-links report and the super
 * admin's App versions list are not empty on first start. Runs once: an event that already has
 * magic links, or a platform with app versions, is left alone.
 */
export async function seedExtras({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const hasVersions = await db.selectFrom('appVersions').select('id').executeTakeFirst();
  if (!hasVersions) {
    const now = Date.now();
    await db
      .insertInto('appVersions')
      .values(
        VERSIONS.map(({ daysAgo, ...v }) => {
          const at = new Date(now - daysAgo * 24 * hour);
          return { ...v, createdAt: at, updatedAt: at };
        }),
      )
      .execute();
  }

  const event = await demoEventAndAdmin(db);
  if (!event) return;
  const already = await db
    .selectFrom('magicLinks')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (already) return;
  const people = await db
    .selectFrom('participants')
    .select(['id', 'userId', 'email'])
    .where('eventId', '=', event.id)
    .orderBy('email')
    .limit(LINKED)
    .execute();
  const now = Date.now();
  for (const [i, p] of people.entries()) {
    const sentAt = new Date(now - (LINKED - i) * 5 * hour);
    const token = await db
      .insertInto('oneTimeTokens')
      .values({
        userId: p.userId,
        purpose: 'magic-link',
        tokenHash: newOneTimeSecret().hash,
        eventId: event.id,
        createdAt: sentAt,
        expiresAt: new Date(sentAt.getTime() + 7 * 24 * hour),
        usedAt: i < USED ? new Date(sentAt.getTime() + 2 * hour) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A used link signed its participant in (a session long expired: nobody can use it).
    if (i < USED) {
      const at = new Date(sentAt.getTime() + 2 * hour);
      await db
        .insertInto('authSessions')
        .values({
          userId: p.userId,
          loginType: 'event',
          createdAt: at,
          expiresAt: new Date(at.getTime() + hour),
        })
        .execute();
    }
    await db
      .insertInto('magicLinks')
      .values({
        eventId: event.id,
        participantId: p.id,
        userId: p.userId,
        tokenId: token.id,
        email: p.email,
        sentBy: event.adminId,
        sentAt,
      })
      .execute();
  }
}
