import {
  addMembers,
  directConversation,
  insertGroup,
  insertMessage,
  markRead,
} from '../modules/networking/chat.repo.js';
import { insertReport } from '../modules/networking/chat-moderation.repo.js';
import type { Db } from '../platform/db/index.js';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { hasConversations } from './chat.repo.js';
import { demoPeople } from './demo-people.repo.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';

/**
 * Demo chat (issue 13): a group of five with the demo participant ("Hybrid events crew", a link and a
 * bare e-mail address among its messages, three unread for her, one reported as spam) and a 1:1 with
 * one unread message.
 * Runs once: an event with conversations is left alone.
 */
export async function seedChat({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const people = await demoPeople(db, DEMO_EVENT_NAME, DEMO_PARTICIPANT_EMAIL, 20);
  if (!people || people.others.length < 4) return;
  if (await hasConversations(db, people.eventId)) return;
  const { eventId, me, others } = people;
  const [a, b, c, d] = others as [string, string, string, string];
  await db.transaction().execute(async (tx: Db) => {
    const say = (conversationId: string, senderId: string, text: string) =>
      insertMessage(tx, { conversationId, senderId, text, clientId: null }).then(async (m) => {
        await markRead(tx, conversationId, senderId, m.seq);
        return m;
      });
    const group = await insertGroup(tx, eventId, 'Hybrid events crew', a);
    await addMembers(tx, eventId, group, [a, me, b, c, d]);
    await say(group, a, 'Welcome, everyone! Let’s swap notes on the sessions here.');
    await say(group, b, 'The keynote slides are at https://example.com/keynote-slides');
    const read = await say(group, me, 'Thanks! Anyone going to the hybrid formats workshop?');
    await markRead(tx, group, me, read.seq);
    await say(group, c, 'Me! Questions before then can go to events-team@example.com');
    await say(group, d, 'See you at the coffee bar after lunch.');
    // One report for the organisers' review queue (console: Chat → Reported messages).
    const pitch = await say(group, b, 'DM me for 50% off our event software, today only!!!');
    await insertReport(tx, { messageId: pitch.id, eventId, reporterId: c, reason: 'Spam: a sales pitch' });

    const { id: direct } = await directConversation(tx, eventId, me, a);
    const first = await say(direct, a, 'Hi! Great question in the panel this morning.');
    await say(direct, me, 'Thank you! Happy to continue over coffee.');
    await markRead(tx, direct, me, first.seq + 1);
    await say(direct, a, 'Perfect: 15:30 at the coffee bar?');
  });
}
