import { seedMeetings as seedEventMeetings } from '../modules/meetings/meetings.seed.js';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { demoPeople } from './demo-people.repo.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';

/**
 * Demo meetings (issue 13): meeting windows on every day of the demo event, people available, a
 * booked meeting (Table 1) and a request to answer for the demo participant, a few other meetings.
 * Runs once: an event with windows is left alone.
 */
export async function seedMeetings({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const people = await demoPeople(db, DEMO_EVENT_NAME, DEMO_PARTICIPANT_EMAIL);
  if (!people) return;
  await seedEventMeetings(db, people);
}
