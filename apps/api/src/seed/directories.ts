import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { demoEventId, hasDirectories, insertDirectories, type SeedDirectory } from './directories.repo.js';

/**
 * Demo directories (issue 13): "Everyone" as a grid, "Speakers" as a list with bios, "My contacts"
 * as pills (each viewer's business-card exchanges) and "Open for meetings" as a carousel. Runs
 * once: an event with directories is left alone.
 */
const DIRECTORIES: SeedDirectory[] = [
  {
    name: 'Everyone',
    view: 'GRID',
    filter: 'ALL_PARTICIPANTS',
    shownFields: ['jobTitle', 'company', 'photo'],
    sort: 'LAST_NAME',
    position: 0,
  },
  {
    name: 'Speakers',
    view: 'LIST_VIEW',
    filter: 'ALL_SPEAKERS',
    shownFields: ['jobTitle', 'company', 'bio', 'photo'],
    sort: 'LAST_NAME',
    position: 1,
  },
  {
    name: 'My contacts',
    view: 'PILL',
    filter: 'BUSINESS_CARD_EXCHANGED',
    shownFields: ['jobTitle', 'company', 'photo'],
    sort: 'FIRST_NAME',
    position: 2,
  },
  {
    name: 'Open for meetings',
    view: 'CAROUSEL',
    filter: 'USERS_AVAILABLE_FOR_MEETINGS',
    shownFields: ['jobTitle', 'company', 'photo'],
    sort: 'COMPANY',
    position: 3,
  },
];

export async function seedDirectories({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const eventId = await demoEventId(db, DEMO_EVENT_NAME);
  if (!eventId || (await hasDirectories(db, eventId))) return;
  await db.transaction().execute((tx) => insertDirectories(tx, eventId, DIRECTORIES));
}
