import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCustomFieldSchema, createLabelSchema, type ParticipantRow } from '@plenary/domain';
import { loadPrincipal } from '../platform/access.js';
import type { WriteContext } from '../platform/audit.js';
import type { AppDeps } from '../platform/deps.js';
import { storageFor } from '../platform/storage.js';
import { createCustomField, createLabel, setPhoto, upsertParticipants } from '../modules/attendees/index.js';

/**
 * The demo event's people, as an organiser would have set them up through the API: the services
 * behind its routes and the data import write two custom fields, a manual and a rule label, job
 * titles, companies, answers and a photo for each of 24 participants (the 12 accounts made before
 * and 12 more, who have no password). Photos: the drawn portraits in ./avatars (scripts/generate-avatars.mjs).
 */

/** [first, last, job title, company, dietary needs, T-shirt size]; the first 12 have accounts already. */
const PEOPLE: Array<[string, string, string, string, string, string]> = [
  ['Amara', 'Okafor', 'Head of Events', 'Lagos Creative Hub', 'No preference', 'M'],
  ['Lukas', 'Becker', 'Founder & CEO', 'Festwerk GmbH', 'Vegetarian', 'L'],
  ['Sofia', 'Rossi', 'Principal Product Designer', 'Atelier Uno', 'Vegan', 'S'],
  ['Hiroshi', 'Tanaka', 'Staff Engineer', 'Kumo Systems', 'No preference', 'M'],
  ['Maya', 'Patel', 'VP Community', 'Gather & Co', 'Vegetarian', 'M'],
  ['Jonas', 'Lindqvist', 'Data Lead', 'Nordlys Analytics', 'No preference', 'XL'],
  ['Chloé', 'Dubois', 'Community Manager', 'Meetup Paris', 'Gluten-free', 'S'],
  ['Diego', 'Ramírez', 'Accessibility Consultant', 'Inclusiva', 'No preference', 'L'],
  ['Aisha', 'Rahman', 'Engineering Manager', 'Ticketly', 'Halal', 'M'],
  ['Noah', 'Williams', 'Partnerships Director', 'Brightline Media', 'No preference', 'XL'],
  ['Elena', 'Popescu', 'Venue Operations Lead', 'Estrel Berlin', 'Vegan', 'S'],
  ['Kwame', 'Mensah', 'Solutions Architect', 'Akwaaba Tech', 'No preference', 'L'],
  ['Ingrid', 'Solberg', 'Event Producer', 'Fjord Events', 'Vegetarian', 'M'],
  ['Mateo', 'Fernández', 'Marketing Manager', 'Solara Travel', 'No preference', 'L'],
  ['Priya', 'Nair', 'Product Manager', 'Kumo Systems', 'Vegetarian', 'S'],
  ['Tomasz', 'Kowalski', 'Backend Developer', 'Ticketly', 'No preference', 'XL'],
  ['Leila', 'Nasser', 'Sponsorship Manager', 'Brightline Media', 'Halal', 'M'],
  ['Ben', 'Carter', 'AV Technician', 'Stagecraft Ltd', 'No preference', 'XXL'],
  ['Yuki', 'Sato', 'UX Researcher', 'Atelier Uno', 'Vegan', 'XS'],
  ['Fatima', 'Diallo', 'Volunteer Coordinator', 'Gather & Co', 'Gluten-free', 'M'],
  ['Oliver', 'Schmidt', 'CTO', 'Festwerk GmbH', 'No preference', 'L'],
  ['Ana', 'Silva', 'Hospitality Lead', 'Solara Travel', 'Vegetarian', 'S'],
  ['Rohan', 'Mehta', 'Data Scientist', 'Nordlys Analytics', 'No preference', 'M'],
  ['Zoe', 'Müller', 'Registration Lead', 'Fjord Events', 'Vegan', 'S'],
];

/** Who speaks in the demo programme (seed/agenda.ts PLAN): members of the manual label. */
const SPEAKERS = new Set([
  'Becker',
  'Rossi',
  'Tanaka',
  'Patel',
  'Lindqvist',
  'Dubois',
  'Ramírez',
  'Rahman',
  'Williams',
  'Popescu',
  'Mensah',
]);

export const demoEmail = (first: string, last: string) =>
  `${first}.${last}@example.com`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const AVATARS = join(import.meta.dirname, 'avatars');

export async function seedPeople(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  event: { id: string; name: string; eventHubId: string; organizationId: string },
  adminId: string,
): Promise<void> {
  const principal = await loadPrincipal(db, adminId);
  if (!principal) throw new Error('seed: the demo event admin is missing');
  const ctx: WriteContext = {
    principal,
    actorId: adminId,
    impersonatedUserId: null,
    requestId: 'seed',
    host: 'localhost',
  };
  const access = { ctx, event };

  const diet = await createCustomField(
    db,
    access,
    createCustomFieldSchema.parse({
      name: 'Dietary needs',
      dataType: 'ENUM',
      settings: {
        required: false,
        isCustomField: true,
        isEnumMultiple: false,
        enumValues: ['No preference', 'Vegetarian', 'Vegan', 'Gluten-free', 'Halal'],
        special: false,
      },
      editableByParticipant: true,
    }),
  );
  const shirt = await createCustomField(
    db,
    access,
    createCustomFieldSchema.parse({
      name: 'T-shirt size',
      dataType: 'ENUM',
      settings: {
        required: false,
        isCustomField: true,
        isEnumMultiple: false,
        enumValues: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
        special: false,
      },
      editableByParticipant: true,
    }),
  );
  const speaker = await createLabel(
    db,
    access,
    createLabelSchema.parse({ name: 'Speaker', type: 'MANUAL', color: '#e8590c' }),
  );

  const rows: ParticipantRow[] = PEOPLE.map(([firstName, lastName, jobTitle, company, dietary, size]) => ({
    email: demoEmail(firstName, lastName),
    firstName,
    lastName,
    jobTitle,
    company,
    customFields: { [diet.id]: dietary, [shirt.id]: size },
    labelIds: SPEAKERS.has(lastName) ? [speaker.id] : [],
  }));
  const written = await db
    .transaction()
    .execute((tx) => upsertParticipants(tx, event.id, rows, { actorId: adminId, requestId: 'seed' }));
  // After the answers exist, so the rule finds its members at once.
  await createLabel(
    db,
    access,
    createLabelSchema.parse({
      name: 'Plant-based meals',
      type: 'RULE',
      color: '#2f9e44',
      rules: [{ field: diet.id, operator: 'INCLUDES', value: ['Vegetarian', 'Vegan'] }],
    }),
  );

  const storage = storageFor(config);
  const byEmail = new Map(written.rows.map((r) => [r.email, r.participantId]));
  for (const [i, [firstName, lastName]] of PEOPLE.entries()) {
    const participantId = byEmail.get(demoEmail(firstName, lastName));
    if (!participantId) continue;
    const photo = await readFile(join(AVATARS, `${String(i + 1).padStart(2, '0')}.png`));
    await setPhoto(db, storage, ctx, event.id, participantId, photo);
  }
}
