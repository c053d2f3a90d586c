import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadPrincipal } from '../src/platform/access.js';
import { issueToken } from '../src/platform/auth.js';
import type { MembershipScope } from '../src/platform/db/schema.js';
import type { AppDeps } from '../src/platform/deps.js';
import { hashPassword } from '../src/platform/passwords.js';

const YEAR_MS = 365 * 86_400_000;
export const TEST_PASSWORD = 'Test!pass123';
let passwordHash: Promise<string> | undefined;

/** Builders of test data; every call makes new, unique rows so tests never share state by accident. */
export function createFactories({ db, config }: AppDeps, _app: FastifyInstance) {
  const unique = () => randomUUID().slice(0, 8);
  const f = {
    async user(
      over: {
        email?: string;
        firstName?: string;
        lastName?: string;
        userRole?: 'superadmin' | 'user';
        verified?: boolean;
      } = {},
    ) {
      return db
        .insertInto('users')
        .values({
          email: (over.email ?? `user-${unique()}@example.com`).toLowerCase(),
          firstName: over.firstName ?? 'Test',
          lastName: over.lastName ?? `User ${unique()}`,
          passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
          userRole: over.userRole ?? 'user',
          emailVerifiedAt: over.verified === false ? null : new Date(),
          updatedAt: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async organization(over: { name?: string; status?: 'DRAFT' | 'PUBLISHED' } = {}) {
      return db
        .insertInto('organizations')
        .values({
          name: over.name ?? `Org ${unique()}`,
          settings: JSON.stringify({ status: over.status ?? 'DRAFT' }),
          updatedAt: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async hub(over: { organizationId?: string; name?: string } = {}) {
      const organizationId = over.organizationId ?? (await f.organization()).id;
      return db
        .insertInto('eventHubs')
        .values({ organizationId, name: over.name ?? `Hub ${unique()}`, updatedAt: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async event(over: { eventHubId?: string; name?: string; startAt?: Date; endAt?: Date } = {}) {
      const hub = over.eventHubId
        ? await db
            .selectFrom('eventHubs')
            .selectAll()
            .where('id', '=', over.eventHubId)
            .executeTakeFirstOrThrow()
        : await f.hub();
      // By default an event spans sixteen years around now, so the sessions tests schedule on fixed
      // dates (2020 … 2031) lie within its days; tests of that rule give their event its dates.
      // Still relative to now: events made one after another sort by creation.
      const startAt = over.startAt ?? new Date(Date.now() - 8 * YEAR_MS);
      return db
        .insertInto('events')
        .values({
          eventHubId: hub.id,
          organizationId: hub.organizationId,
          name: over.name ?? `Event ${unique()}`,
          startAt,
          endAt:
            over.endAt ??
            (over.startAt
              ? new Date(startAt.getTime() + 2 * 86_400_000)
              : new Date(Date.now() + 8 * YEAR_MS)),
          timezone: 'Europe/Berlin',
          updatedAt: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async grant(
      userId: string,
      scope: MembershipScope,
      scopeId: string,
      role: 'admin' | 'moderator' = 'admin',
    ) {
      await db.insertInto('memberships').values({ userId, scope, scopeId, role }).execute();
    },
    async participant(eventId: string, userId?: string) {
      const uid = userId ?? (await f.user()).id;
      await db.insertInto('participants').values({ eventId, userId: uid, updatedAt: new Date() }).execute();
      return uid;
    },
    /** A token for the user, exactly as sign-in would issue it. */
    async token(userId: string, loginType = 'cms'): Promise<string> {
      const principal = await loadPrincipal(db, userId);
      if (!principal) throw new Error(`no user ${userId}`);
      return (await issueToken(db, config, principal, { loginType })).token;
    },
    /**
     * One org → hub → event, with a user of every role, for permission matrices:
     * superadmin, orgAdmin, hubAdmin, eventAdmin, moderator, participant.
     */
    async tenant() {
      const organization = await f.organization();
      const hub = await f.hub({ organizationId: organization.id });
      const event = await f.event({ eventHubId: hub.id });
      const superadmin = await f.user({ userRole: 'superadmin' });
      const orgAdmin = await f.user();
      const hubAdmin = await f.user();
      const eventAdmin = await f.user();
      const moderator = await f.user();
      const participant = await f.user();
      await f.grant(orgAdmin.id, 'organization', organization.id);
      await f.grant(hubAdmin.id, 'eventHub', hub.id);
      await f.grant(eventAdmin.id, 'event', event.id);
      await f.grant(moderator.id, 'event', event.id, 'moderator');
      await f.participant(event.id, participant.id);
      const users = { superadmin, orgAdmin, hubAdmin, eventAdmin, moderator, participant };
      const tokens = Object.fromEntries(
        await Promise.all(
          Object.entries(users).map(async ([role, u]) => [role, await f.token(u.id)] as const),
        ),
      ) as Record<keyof typeof users, string>;
      return { organization, hub, event, users, tokens };
    },
  };
  return f;
}

export type Factories = ReturnType<typeof createFactories>;
