import { seedExchange } from '../modules/networking/cards.seed.js';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { hasCardRequests } from './cards.repo.js';
import { demoPeople } from './demo-people.repo.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';

const NOTES = [
  'Met at the opening keynote: wants the hybrid-events case study.',
  'Runs the venue team in Lisbon. Follow up about the autumn summit.',
  '',
  'Coffee after the workshop; send the slides.',
];

/**
 * Demo business cards (issue 13): the demo participant has exchanged cards with four people (two
 * of the contacts carry private notes), one request waits for their answer and one of theirs waits
 * for someone else's; a few other pairs exchanged too, so the organisers' count is not just hers.
 * Runs once: an event with card requests is left alone.
 */
export async function seedCards({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const people = await demoPeople(db, DEMO_EVENT_NAME, DEMO_PARTICIPANT_EMAIL);
  if (!people || people.others.length < 10) return;
  if (await hasCardRequests(db, people.eventId)) return;
  const { eventId, me, others } = people;
  await db.transaction().execute(async (tx) => {
    for (const [i, other] of others.slice(0, 4).entries())
      await seedExchange(tx, { eventId, from: other, to: me, accepted: true, myNote: NOTES[i] ?? '' });
    await seedExchange(tx, {
      eventId,
      from: others[4]!,
      to: me,
      accepted: false,
      requestNote: 'Loved your question in the panel. Shall we swap cards?',
    });
    await seedExchange(tx, { eventId, from: me, to: others[5]!, accepted: false });
    for (let k = 6; k + 1 < Math.min(others.length, 12); k += 2)
      await seedExchange(tx, { eventId, from: others[k]!, to: others[k + 1]!, accepted: true });
  });
}
