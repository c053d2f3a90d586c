import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.js';
import { hashPassword } from '../platform/passwords.js';
import { createUser, createUsers, normalizeEmail, SYSTEM_ACTOR } from '../platform/users.repo.js';
import { seedAgenda } from './agenda.js';
import { seedBookmarks } from './bookmarks.js';
import { seedCards } from './cards.js';
import { seedChat } from './chat.js';
import { seedCommunications } from './communications.js';
import { seedDirectories } from './directories.js';
import { seedEmailLog } from './email-log.js';
import { seedEngagement } from './engagement.js';
import { seedExtras } from './extras.js';
import { seedFeed } from './feed.js';
import { seedGamePoints } from './game-points.js';
import { seedGamification } from './gamification.js';
import { seedImports } from './imports.js';
import { seedMeetings } from './meetings.js';
import { seedPeople } from './people.js';
import { seedInbox } from './push-inbox.js';
import { seedQrCodes } from './qr-codes.js';

export const DEMO_PASSWORD = 'Demo!2026pass';

export interface SeedResult {
  created: boolean;
  accounts: Array<{ label: string; email: string; password: string }>;
}

const PEOPLE = [
  ['Amara', 'Okafor'],
  ['Lukas', 'Becker'],
  ['Sofia', 'Rossi'],
  ['Hiroshi', 'Tanaka'],
  ['Maya', 'Patel'],
  ['Jonas', 'Lindqvist'],
  ['Chloé', 'Dubois'],
  ['Diego', 'Ramírez'],
  ['Aisha', 'Rahman'],
  ['Noah', 'Williams'],
  ['Elena', 'Popescu'],
  ['Kwame', 'Mensah'],
] as const;

const day = 24 * 60 * 60 * 1000;

/**
 * On an empty database: the super admin from the configuration plus a realistic demo tenant.
 * Later starts change nothing and report the same accounts.
 */
export async function seed({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<SeedResult> {
  const superEmail = config.SUPERADMIN_EMAIL.toLowerCase();
  // The moderator moderates the demo event: signed in on the console they land on /moderation.
  const demo = [
    {
      label: 'Organisation admin',
      email: 'org.admin@northwind.example',
      firstName: 'Olivia',
      lastName: 'Hart',
      advertised: true,
    },
    {
      label: 'Event admin',
      email: 'event.admin@northwind.example',
      firstName: 'Ethan',
      lastName: 'Brooks',
      advertised: true,
    },
    {
      label: 'Moderator',
      email: 'moderator@northwind.example',
      firstName: 'Mila',
      lastName: 'Novak',
      advertised: true,
    },
    {
      label: 'Participant',
      email: 'amara.okafor@example.com',
      firstName: 'Amara',
      lastName: 'Okafor',
      advertised: true,
    },
  ];
  const accounts = [
    { label: 'Super admin', email: superEmail, password: config.SUPERADMIN_PASSWORD },
    ...demo
      .filter((d) => d.advertised)
      .map((d) => ({ label: d.label, email: d.email, password: DEMO_PASSWORD })),
  ];
  const existing = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (existing.n > 0) return { created: false, accounts };

  const demoHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const made = await db.transaction().execute(async (tx) => {
    const verified = new Date();
    await createUser(tx, SYSTEM_ACTOR, {
      email: superEmail,
      passwordHash: await hashPassword(config.SUPERADMIN_PASSWORD),
      firstName: 'Super',
      lastName: 'Admin',
      userRole: 'superadmin',
      emailVerifiedAt: verified,
    });
    const org = await tx
      .insertInto('organizations')
      .values({
        name: 'Northwind Events',
        settings: JSON.stringify({ status: 'PUBLISHED' }),
        updatedAt: verified,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hub = await tx
      .insertInto('eventHubs')
      .values({ name: 'Northwind Conferences', organizationId: org.id, updatedAt: verified })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await tx
      .insertInto('events')
      .values({
        name: 'Northwind Summit 2026',
        description: 'Three days of talks, workshops and networking for the people who build great events.',
        eventHubId: hub.id,
        organizationId: org.id,
        startAt: new Date(Math.floor((now - day) / day) * day + 8 * 60 * 60 * 1000),
        endAt: new Date(Math.floor((now + day) / day) * day + 17 * 60 * 60 * 1000),
        timezone: 'Europe/Berlin',
        address: 'Estrel Congress Center, Sonnenallee 225, 12057 Berlin, Germany',
        primaryColor: '#4338ca',
        secondaryColor: '#0f766e',
        updatedAt: verified,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await createUsers(tx, SYSTEM_ACTOR, [
      ...demo.map((d) => ({
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        passwordHash: demoHash,
        emailVerifiedAt: verified,
      })),
      ...PEOPLE.slice(1).map(([firstName, lastName]) => ({
        email: `${firstName}.${lastName}@example.com`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
        firstName,
        lastName,
        passwordHash: demoHash,
        emailVerifiedAt: verified,
      })),
    ]);
    const id = (email: string) => users.find((u) => u.email === normalizeEmail(email))!.id;
    await tx
      .insertInto('memberships')
      .values([
        { userId: id(demo[0]!.email), scope: 'organization', scopeId: org.id, role: 'admin' },
        { userId: id(demo[1]!.email), scope: 'event', scopeId: event.id, role: 'admin' },
        { userId: id(demo[2]!.email), scope: 'event', scopeId: event.id, role: 'moderator' },
      ])
      .execute();
    const participantIds = users
      .filter((u) => !demo.slice(0, 3).some((d) => normalizeEmail(d.email) === u.email))
      .map((u) => u.id);
    await tx
      .insertInto('participants')
      .values(participantIds.map((userId) => ({ eventId: event.id, userId, updatedAt: verified })))
      .execute();
    return {
      event: { id: event.id, name: 'Northwind Summit 2026', eventHubId: hub.id, organizationId: org.id },
      eventAdminId: id(demo[1]!.email),
    };
  });
  await seedPeople({ db, config }, made.event, made.eventAdminId);
  await seedAgenda({ db, config });
  await seedBookmarks({ db });
  await seedExtras({ db });
  await seedImports({ db });
  await seedEngagement({ db });
  await seedCards({ db });
  await seedDirectories({ db });
  await seedMeetings({ db });
  await seedFeed({ db });
  await seedChat({ db });
  await seedInbox({ db });
  await seedCommunications({ db });
  await seedEmailLog({ db });
  await seedQrCodes({ db });
  await seedGamification({ db });
  await seedGamePoints({ db });
  return { created: true, accounts };
}
