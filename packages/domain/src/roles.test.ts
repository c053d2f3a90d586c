import { describe, it, expect } from 'vitest';
import {
  ROLES,
  deriveRole,
  deriveEventRole,
  eventRoleOf,
  isAdminRole,
  tokenClaimsSchema,
  type EventRole,
  type Role,
  type RoleClaims,
} from './roles.js';

const E1 = 'event-1';
const E2 = 'event-2';

function claims(overrides: Partial<RoleClaims> = {}): RoleClaims {
  return {
    userRole: 'user',
    organizationUserRole: null,
    eventHubUserRole: null,
    eventUserRoles: [],
    ...overrides,
  };
}
const events = (...roles: [string, EventRole][]) => roles.map(([eventId, role]) => ({ eventId, role }));

describe('ROLES', () => {
  it('lists the spec roles in order', () => {
    expect(ROLES).toEqual([
      'superadmin',
      'organizationadmin',
      'eventhubadmin',
      'eventadmin',
      'moderator',
      'participant',
      'admin',
    ]);
  });
});

describe('deriveRole (spec part 6)', () => {
  const allAdmin = claims({
    userRole: 'superadmin',
    organizationUserRole: 'admin',
    eventHubUserRole: 'admin',
    eventUserRoles: events([E1, 'admin']),
  });
  it.each<[string, RoleClaims, string | undefined, Role]>([
    ['superadmin wins over everything', allAdmin, undefined, 'superadmin'],
    ['superadmin with event id', allAdmin, E2, 'superadmin'],
    [
      'organization admin',
      claims({ organizationUserRole: 'admin', eventHubUserRole: 'admin' }),
      undefined,
      'organizationadmin',
    ],
    ['organization admin with event id', claims({ organizationUserRole: 'admin' }), E1, 'organizationadmin'],
    [
      'event hub admin',
      claims({ eventHubUserRole: 'admin', eventUserRoles: events([E1, 'admin']) }),
      undefined,
      'eventhubadmin',
    ],
    ['event hub admin with event id', claims({ eventHubUserRole: 'admin' }), E2, 'eventhubadmin'],
    [
      'admin of any event, no event id',
      claims({ eventUserRoles: events([E1, 'participant'], [E2, 'admin']) }),
      undefined,
      'eventadmin',
    ],
    [
      'admin of the given event',
      claims({ eventUserRoles: events([E1, 'participant'], [E2, 'admin']) }),
      E2,
      'eventadmin',
    ],
    [
      'admin of another event only',
      claims({ eventUserRoles: events([E1, 'participant'], [E2, 'admin']) }),
      E1,
      'participant',
    ],
    [
      'admin of no listed event id',
      claims({ eventUserRoles: events([E2, 'admin']) }),
      'event-3',
      'participant',
    ],
    [
      'moderator is a participant',
      claims({ eventUserRoles: events([E1, 'moderator']) }),
      undefined,
      'participant',
    ],
    ['moderator with event id', claims({ eventUserRoles: events([E1, 'moderator']) }), E1, 'participant'],
    ['no roles at all', claims(), undefined, 'participant'],
    ['no roles with event id', claims(), E1, 'participant'],
  ])('%s', (_, input, eventId, expected) => {
    expect(deriveRole(input, eventId)).toBe(expected);
  });
});

describe('eventRoleOf and deriveEventRole', () => {
  it.each<[RoleClaims, string, EventRole | undefined]>([
    [claims({ eventUserRoles: events([E1, 'moderator']) }), E1, 'moderator'],
    [claims({ eventUserRoles: events([E1, 'moderator']) }), E2, undefined],
    [claims({ eventUserRoles: events([E1, 'participant'], [E1, 'admin']) }), E1, 'admin'],
    [claims({ eventUserRoles: events([E1, 'participant'], [E1, 'moderator']) }), E1, 'moderator'],
  ])('eventRoleOf #%#', (input, eventId, expected) => {
    expect(eventRoleOf(input, eventId)).toBe(expected);
  });

  it.each<[RoleClaims, string, Role]>([
    [claims({ eventUserRoles: events([E1, 'moderator']) }), E1, 'moderator'],
    [claims({ eventUserRoles: events([E1, 'moderator']) }), E2, 'participant'],
    [claims({ eventUserRoles: events([E1, 'admin']) }), E1, 'eventadmin'],
    [claims({ eventHubUserRole: 'admin', eventUserRoles: events([E1, 'moderator']) }), E1, 'eventhubadmin'],
    [claims({ eventUserRoles: events([E1, 'participant']) }), E1, 'participant'],
  ])('deriveEventRole #%#', (input, eventId, expected) => {
    expect(deriveEventRole(input, eventId)).toBe(expected);
  });
});

describe('isAdminRole', () => {
  it.each<[Role, boolean]>([
    ['superadmin', true],
    ['organizationadmin', true],
    ['eventhubadmin', true],
    ['eventadmin', true],
    ['admin', true],
    ['moderator', false],
    ['participant', false],
  ])('%s → %s', (role, expected) => {
    expect(isAdminRole(role)).toBe(expected);
  });
});

describe('tokenClaimsSchema', () => {
  const valid = {
    userId: '3f1c2b9e-8a4d-4c6e-9f0a-1b2c3d4e5f60',
    organizationId: null,
    eventHubId: 'hub-1',
    userRole: 'user',
    organizationUserRole: null,
    eventHubUserRole: 'admin',
    eventUserRoles: [{ eventId: E1, role: 'moderator' }],
    sid: 'session-1',
    iat: 1,
    exp: 2,
  };
  it('accepts the contract shape', () => {
    expect(tokenClaimsSchema.parse(valid)).toEqual(valid);
  });
  it.each([
    ['userId not a uuid', { userId: 'u1' }],
    ['unknown user role', { userRole: 'admin' }],
    ['organization role other than admin', { organizationUserRole: 'user' }],
    ['unknown event role', { eventUserRoles: [{ eventId: E1, role: 'owner' }] }],
    ['missing sid', { sid: undefined }],
  ])('rejects %s', (_, patch) => {
    expect(tokenClaimsSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});
