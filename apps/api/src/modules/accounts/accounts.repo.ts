import { sql, type Expression, type SqlBool } from 'kysely';
import type { EventRole } from '@plenary/domain';
import type { Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import type { OneTimeTokenPurpose } from '../../platform/db/schema.js';
import { createUser, SYSTEM_ACTOR, UUID_PATTERN } from '../../platform/users.repo.js';

/** The only SQL of the accounts area. Functions take `db` so callers can pass a transaction. */

// ---------- users

export { findUserByEmail, findUserById } from '../../platform/users.repo.js';

/** Inserts the user unless the e-mail is taken (a parallel registration); answers the new id or undefined. */
export async function insertUser(
  db: Db,
  values: {
    email: string;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    emailVerifiedAt: Date | null;
  },
): Promise<string | undefined> {
  return (await createUser(db, SYSTEM_ACTOR, values)).id;
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}

/** Sets the password; receiving the link proved the address, so it also counts as verified. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      passwordHash,
      emailVerifiedAt: sql<Date>`coalesce(email_verified_at, now())`,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * SSO proved the address of an account that was never verified: whoever registered it may not
 * have owned the address, so their password goes (pre-account-takeover defence).
 */
export async function adoptUnverifiedUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

// ---------- sessions

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('authSessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

// ---------- one-time tokens

export async function insertOneTimeToken(
  db: Db,
  values: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('oneTimeTokens').values(values).execute();
}

/** Marks the user's unused tokens of these purposes as used, so only the newest link works. */
export async function invalidateTokens(
  db: Db,
  userId: string,
  purposes: OneTimeTokenPurpose[],
): Promise<void> {
  await db
    .updateTable('oneTimeTokens')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('purpose', 'in', purposes)
    .where('usedAt', 'is', null)
    .execute();
}

/** Uses the token if it is unused and current: one atomic UPDATE, so two requests can not both use it. */
export function consumeToken(
  db: Db,
  tokenHash: string,
  purposes: OneTimeTokenPurpose[],
): Promise<{ userId: string; purpose: OneTimeTokenPurpose } | undefined> {
  return db
    .updateTable('oneTimeTokens')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['userId', 'purpose'])
    .executeTakeFirst();
}

/** For the error message when consumeToken found nothing. */
export function findToken(db: Db, tokenHash: string, purposes: OneTimeTokenPurpose[]) {
  return db
    .selectFrom('oneTimeTokens')
    .select(['usedAt', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', 'in', purposes)
    .executeTakeFirst();
}

// ---------- audit

export { insertAudit as audit } from '../../platform/audit.repo.js';

// ---------- visibility of users to admins

/** Event ids where the principal is an event admin. */
const adminEventIds = (p: Principal) =>
  [...p.eventRoles].filter(([, role]) => role === 'admin').map(([id]) => id);

/**
 * Does the user hold any role (participant, moderator, admin) inside the principal's admin scope?
 * Super admins see everyone; this is for the other admins.
 */
export async function isUserInAdminScope(db: Db, p: Principal, userId: string): Promise<boolean> {
  const orgs = p.organizationIds;
  const hubs = p.eventHubIds;
  const events = adminEventIds(p);
  if (orgs.length + hubs.length + events.length === 0) return false;

  const anyOf = (column: string, ids: string[]) =>
    ids.length ? sql<SqlBool>`${sql.ref(column)} = ANY(${sql.val(ids)}::uuid[])` : sql<SqlBool>`false`;
  // `events` (joined below under that name) lies in the principal's scope.
  const eventInScope = sql<SqlBool>`(${anyOf('events.organization_id', orgs)} OR ${anyOf('events.event_hub_id', hubs)} OR ${anyOf('events.id', events)})`;

  const row = await db
    .selectNoFrom((eb) => {
      const asParticipant = eb.exists(
        eb
          .selectFrom('participants')
          .innerJoin('events', 'events.id', 'participants.eventId')
          .select(sql`1`.as('one'))
          .where('participants.userId', '=', userId)
          .where(eventInScope),
      );
      const asEventMember = eb.exists(
        eb
          .selectFrom('memberships')
          .innerJoin('events', 'events.id', 'memberships.scopeId')
          .select(sql`1`.as('one'))
          .where('memberships.userId', '=', userId)
          .where('memberships.scope', '=', 'event')
          .where(eventInScope),
      );
      const checks: Expression<SqlBool>[] = [asParticipant, asEventMember];
      if (orgs.length || hubs.length) {
        checks.push(
          eb.exists(
            eb
              .selectFrom('memberships')
              .innerJoin('eventHubs', 'eventHubs.id', 'memberships.scopeId')
              .select(sql`1`.as('one'))
              .where('memberships.userId', '=', userId)
              .where('memberships.scope', '=', 'eventHub')
              .where((w) => {
                const ors: Expression<SqlBool>[] = [];
                if (orgs.length) ors.push(w('eventHubs.organizationId', 'in', orgs));
                if (hubs.length) ors.push(w('eventHubs.id', 'in', hubs));
                return w.or(ors);
              }),
          ),
        );
      }
      if (orgs.length) {
        checks.push(
          eb.exists(
            eb
              .selectFrom('memberships')
              .select(sql`1`.as('one'))
              .where('memberships.userId', '=', userId)
              .where('memberships.scope', '=', 'organization')
              .where('memberships.scopeId', 'in', orgs),
          ),
        );
      }
      return [eb.or(checks).as('visible')];
    })
    .executeTakeFirst();
  return row?.visible === true;
}

// ---------- events of a user

export interface UserEventRow {
  id: string;
  name: string;
  description: string;
  address: string;
  startAt: Date;
  endAt: Date;
  timezone: string;
  eventHubId: string;
  organizationId: string;
  primaryColor: string;
  secondaryColor: string;
  role: EventRole;
}

const RANK_TO_ROLE: Record<number, EventRole> = { 3: 'admin', 2: 'moderator', 1: 'participant' };

/**
 * Events where the user has a role, with the strongest one: participations, event memberships,
 * and every event of the organisations and hubs they administer (`allEvents` for super admins).
 */
export async function listUserEvents(
  db: Db,
  userId: string,
  opts: {
    allEvents: boolean;
    /** Only these events (an impersonated request sees the events the actor shares with the user). */
    onlyEventIds?: readonly string[] | undefined;
    search?: string | undefined;
    sort: { field: 'name' | 'startAt' | 'endAt'; direction: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ records: UserEventRow[]; total: number }> {
  const base = db
    .with('ranks', (qc) => {
      if (opts.allEvents)
        return qc.selectFrom('events').select(['events.id as eventId', sql<number>`3`.as('rank')]);
      return qc
        .selectFrom('participants')
        .select(['participants.eventId as eventId', sql<number>`1`.as('rank')])
        .where('participants.userId', '=', userId)
        .unionAll(
          qc
            .selectFrom('memberships')
            .select([
              sql<string>`memberships.scope_id`.as('eventId'),
              sql<number>`CASE WHEN memberships.role = 'admin' THEN 3 ELSE 2 END`.as('rank'),
            ])
            .where('memberships.userId', '=', userId)
            .where('memberships.scope', '=', 'event'),
        )
        .unionAll(
          qc
            .selectFrom('events')
            .innerJoin('memberships', (j) =>
              j
                .on('memberships.userId', '=', userId)
                .on('memberships.role', '=', 'admin')
                .on((eb) =>
                  eb.or([
                    eb.and([
                      eb('memberships.scope', '=', 'organization'),
                      eb('memberships.scopeId', '=', eb.ref('events.organizationId')),
                    ]),
                    eb.and([
                      eb('memberships.scope', '=', 'eventHub'),
                      eb('memberships.scopeId', '=', eb.ref('events.eventHubId')),
                    ]),
                  ]),
                ),
            )
            .select(['events.id as eventId', sql<number>`3`.as('rank')]),
        );
    })
    .with('best', (qc) =>
      qc
        .selectFrom('ranks')
        .select(['ranks.eventId', sql<number>`max(ranks.rank)`.as('rank')])
        .groupBy('ranks.eventId'),
    )
    .selectFrom('events')
    .innerJoin('best', 'best.eventId', 'events.id')
    .$if(opts.search !== undefined && opts.search !== '', (qb) =>
      qb.where('events.name', 'ilike', `%${escapeLike(opts.search ?? '')}%`),
    )
    .$if(opts.onlyEventIds !== undefined, (qb) =>
      qb.where(sql<SqlBool>`events.id = ANY(${[...(opts.onlyEventIds ?? [])]}::uuid[])`),
    );

  const [rows, count] = await Promise.all([
    base
      .select([
        'events.id',
        'events.name',
        'events.description',
        'events.address',
        'events.startAt',
        'events.endAt',
        'events.timezone',
        'events.eventHubId',
        'events.organizationId',
        'events.primaryColor',
        'events.secondaryColor',
        'best.rank',
      ])
      .orderBy(`events.${opts.sort.field}`, opts.sort.direction)
      .orderBy('events.id')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map(({ rank, ...e }) => ({ ...e, role: RANK_TO_ROLE[Number(rank)] ?? 'participant' })),
    total: count.n,
  };
}

/** `%`, `_` and `\` match themselves in ILIKE patterns. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---------- dev mailbox

export async function listMailbox(db: Db, limit: number) {
  const [records, count] = await Promise.all([
    db
      .selectFrom('mailOutbox')
      .select(['id', 'to', 'subject', 'text', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: count.n };
}

// ---------- SSO providers and states

export interface SsoProviderRow {
  id: string;
  organizationId: string | null;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  hosts: string[];
}

const providerColumns = [
  'id',
  'organizationId',
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'hosts',
] as const;

/**
 * The provider serving any of `hosts` (the host with and without its port). Operator-wide providers
 * always count; an organisation's provider only with `organizationProviders` and only where one of
 * `hosts` is approved for that organisation (link-hosts.ts decides which hosts may be).
 */
export function findSsoProviderByHosts(
  db: Db,
  hosts: string[],
  options: { organizationProviders: boolean },
): Promise<SsoProviderRow | undefined> {
  return db
    .selectFrom('ssoProviders as s')
    .select(providerColumns.map((c) => `s.${c}` as const))
    .where(sql<SqlBool>`s.hosts && ${sql.val(hosts)}::text[]`)
    .where((eb) =>
      options.organizationProviders
        ? eb.or([
            eb('s.organizationId', 'is', null),
            eb.exists(
              eb
                .selectFrom('approvedHosts as a')
                .select('a.host')
                .whereRef('a.organizationId', '=', 's.organizationId')
                .where(sql<SqlBool>`a.host = ANY(${sql.val(hosts)}::text[])`),
            ),
          ])
        : eb('s.organizationId', 'is', null),
    )
    .orderBy('s.createdAt')
    .executeTakeFirst();
}

/** Hosts among `hosts` that are not approved for the organisation (as given, or by name for any port). */
export async function hostsNotApprovedFor(
  db: Db,
  organizationId: string,
  hosts: string[],
): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .selectFrom('approvedHosts')
    .select('host')
    .where('organizationId', '=', organizationId)
    .execute();
  const approved = new Set(rows.map((r) => r.host));
  return hosts.filter((h) => !approved.has(h) && !approved.has(h.replace(/:\d+$/, '')));
}

export function findSsoProviderById(db: Db, id: string): Promise<SsoProviderRow | undefined> {
  return db
    .selectFrom('ssoProviders')
    .select([...providerColumns])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findSsoProviderByOrganization(
  db: Db,
  organizationId: string,
): Promise<SsoProviderRow | undefined> {
  if (!UUID_PATTERN.test(organizationId)) return Promise.resolve(undefined);
  return db
    .selectFrom('ssoProviders')
    .select([...providerColumns])
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

/** Hosts among `hosts` that another provider already serves. */
export async function hostsClaimedByOthers(
  db: Db,
  hosts: string[],
  exceptId: string | undefined,
): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .selectFrom('ssoProviders')
    .select('hosts')
    .where(sql<SqlBool>`hosts && ${sql.val(hosts)}::text[]`)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? ''))
    .execute();
  const claimed = new Set(rows.flatMap((r) => r.hosts));
  return hosts.filter((h) => claimed.has(h));
}

export async function saveSsoProvider(
  db: Db,
  existingId: string | undefined,
  values: {
    organizationId: string | null;
    name: string;
    issuer: string;
    clientId: string;
    clientSecret: string;
    hosts: string[];
  },
): Promise<string> {
  if (existingId) {
    await db
      .updateTable('ssoProviders')
      .set({ ...values, updatedAt: new Date() })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const row = await db
    .insertInto('ssoProviders')
    .values({ ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findGlobalSsoProvider(db: Db, issuer: string, clientId: string) {
  return db
    .selectFrom('ssoProviders')
    .select('id')
    .where('organizationId', 'is', null)
    .where('issuer', '=', issuer)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

export async function deleteSsoProvider(db: Db, organizationId: string): Promise<void> {
  await db.deleteFrom('ssoProviders').where('organizationId', '=', organizationId).execute();
}

export async function insertSsoState(
  db: Db,
  values: {
    state: string;
    providerId: string;
    codeVerifier: string;
    nonce: string;
    host: string;
    redirect: string | null;
  },
): Promise<void> {
  await db.insertInto('ssoStates').values(values).execute();
}

/** Takes the state row out (single use: a second attempt finds nothing). */
export function takeSsoState(db: Db, state: string) {
  return db.deleteFrom('ssoStates').where('state', '=', state).returningAll().executeTakeFirst();
}

export async function deleteStaleSsoStates(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('ssoStates').where('createdAt', '<', olderThan).execute();
}
