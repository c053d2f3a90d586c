import type { Db } from '../platform/db/index.js';

/** The demo event, its first admin and its participants (user and participant ids), for the feed seed. */
export async function feedSeedPeople(
  db: Db,
  eventName: string,
): Promise<
  | { eventId: string; adminUserId: string; people: Array<{ userId: string; participantId: string }> }
  | undefined
> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', eventName)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return undefined;
  const admin = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', event.id)
    .where('role', '=', 'admin')
    .orderBy('userId')
    .executeTakeFirst();
  if (!admin) return undefined;
  const people = await db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id as participantId', 'p.userId'])
    .where('p.eventId', '=', event.id)
    .orderBy('u.email')
    .limit(30)
    .execute();
  return { eventId: event.id, adminUserId: admin.userId, people };
}

export async function hasFeedPosts(db: Db, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('feedPosts').select('id').where('eventId', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

export async function insertSeedPost(
  db: Db,
  values: {
    eventId: string;
    authorUserId: string;
    participantId: string | null;
    text: string;
    announcement: boolean;
    pinnedAt: Date | null;
    createdAt: Date;
  },
): Promise<string> {
  const row = await db.insertInto('feedPosts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSeedComments(
  db: Db,
  postId: string,
  eventId: string,
  comments: Array<{ userId: string; participantId: string; text: string; createdAt: Date }>,
): Promise<void> {
  if (comments.length === 0) return;
  await db
    .insertInto('feedComments')
    .values(
      comments.map((c) => ({
        postId,
        eventId,
        authorUserId: c.userId,
        participantId: c.participantId,
        text: c.text,
        createdAt: c.createdAt,
      })),
    )
    .execute();
  await db.updateTable('feedPosts').set({ commentCount: comments.length }).where('id', '=', postId).execute();
}

export async function insertSeedLikes(db: Db, postId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('feedLikes')
    .values(userIds.map((userId) => ({ postId, userId })))
    .execute();
  await db.updateTable('feedPosts').set({ likeCount: userIds.length }).where('id', '=', postId).execute();
}
