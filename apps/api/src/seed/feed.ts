import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import {
  feedSeedPeople,
  hasFeedPosts,
  insertSeedComments,
  insertSeedLikes,
  insertSeedPost,
} from './feed.repo.js';

const POSTS = [
  'Great energy at the opening keynote! Who else is staying for the hybrid-events panel?',
  'Coffee corner on level 2 has the best flat whites. You are welcome.',
  'Slides from our workshop are at https://northwind.example/slides: questions to team@northwind.example',
  'Looking for people working on accessibility in event apps. Happy to chat at lunch!',
  'The venue Wi-Fi is much better near the main stage, FYI.',
  'First time at Northwind Summit and already met three people from my city 🙌',
  'Anyone up for a run along the river tomorrow at 7?',
  'The live Q&A in the AI session was brilliant. More of this please!',
  'Lost a black notebook near room B. If found, please drop it at the info desk.',
  'Loved the sponsor demos. The badge scanning for business cards is such a time saver.',
  'Who is going to the evening reception? Let us meet at the entrance at 19:00.',
  'Thank you to the volunteers. Everything ran so smoothly today!',
];

const COMMENTS = [
  'Count me in!',
  'Totally agree.',
  'Thanks for sharing.',
  'See you there.',
  'Great tip, thank you!',
  'Same here 😄',
];

/**
 * Demo activity feed (issue 13): a dozen posts from several demo participants over the last hours,
 * with likes and comments, and one pinned announcement from the organisers. Runs once: an event
 * with posts is left alone. Approval stays off (the default).
 */
export async function seedFeed({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const found = await feedSeedPeople(db, DEMO_EVENT_NAME);
  if (!found || found.people.length < 6) return;
  if (await hasFeedPosts(db, found.eventId)) return;
  const { eventId, adminUserId, people } = found;
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(Math.floor((now - m * 60_000) / 1000) * 1000);
  await db.transaction().execute(async (tx) => {
    await insertSeedPost(tx, {
      eventId,
      authorUserId: adminUserId,
      participantId: null,
      text: 'Welcome to Northwind Summit 2026! Share your highlights here, and find the full programme in My Agenda.',
      announcement: true,
      pinnedAt: minutesAgo(300),
      createdAt: minutesAgo(300),
    });
    for (const [i, text] of POSTS.entries()) {
      const author = people[(i * 3) % people.length]!;
      const createdAt = minutesAgo(20 * (POSTS.length - i));
      const postId = await insertSeedPost(tx, {
        eventId,
        authorUserId: author.userId,
        participantId: author.participantId,
        text,
        announcement: false,
        pinnedAt: null,
        createdAt,
      });
      const likers = people.filter((_, k) => (k + i) % 3 === 0).slice(0, (i * 5) % 11);
      await insertSeedLikes(
        tx,
        postId,
        likers.map((p) => p.userId),
      );
      const commenters = people.filter((p, k) => p !== author && (k + i) % 4 === 1).slice(0, i % 4);
      await insertSeedComments(
        tx,
        postId,
        eventId,
        commenters.map((p, k) => ({
          userId: p.userId,
          participantId: p.participantId,
          text: COMMENTS[(i + k) % COMMENTS.length]!,
          createdAt: new Date(createdAt.getTime() + (k + 1) * 3 * 60_000),
        })),
      );
    }
  });
}
