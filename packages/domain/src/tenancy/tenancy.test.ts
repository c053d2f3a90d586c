import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../validation/errors.js';
import { MESSAGES } from '../messages.js';
import {
  appVersionStringSchema,
  canonicalTimeZone,
  colorSchema,
  createAdminUserSchema,
  createEventSchema,
  createOrganizationSchema,
  eventListQuerySchema,
  timestampSchema,
  TENANCY_MESSAGES,
  updateEventSchema,
} from './index.js';

const event = {
  name: 'Summit',
  eventHubId: '0b6c2c7e-4bd0-4c7a-9d55-3f0a1c1f2e11',
  startAt: '2026-05-01T09:00:00Z',
  endAt: '2026-05-03T17:00:00+02:00',
  timezone: 'Europe/Berlin',
};
const fields = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  return r.success ? {} : zodFieldErrors(r.error as never);
};

describe('time zones', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['utc', 'UTC'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
  ])('knows %s as %s', (input, canonical) => expect(canonicalTimeZone(input)).toBe(canonical));
  it.each(['Mars/Olympus', 'Berlin', '', 'Europe/Berlin; DROP', '../etc'])('refuses %j', (input) =>
    expect(canonicalTimeZone(input)).toBeUndefined(),
  );
  it('stores the canonical name', () => {
    expect(createEventSchema.parse({ ...event, timezone: 'europe/berlin' }).timezone).toBe('Europe/Berlin');
    expect(fields(createEventSchema, { ...event, timezone: 'Nowhere/Land' })).toEqual({
      timezone: TENANCY_MESSAGES.invalidTimezone,
    });
  });
});

describe('events', () => {
  it('fills the defaults of spec part 9 and reads timestamps as dates', () => {
    const parsed = createEventSchema.parse(event);
    expect(parsed).toMatchObject({
      description: '',
      address: '',
      primaryColor: '#000000',
      secondaryColor: '#000000',
    });
    expect(parsed.endAt.toISOString()).toBe('2026-05-03T15:00:00.000Z');
  });
  it('puts the spec messages on both dates when start follows end', () => {
    expect(fields(createEventSchema, { ...event, startAt: '2026-05-04T00:00:00Z' })).toEqual({
      startAt: MESSAGES.startDateAfterEndDate,
      endAt: MESSAGES.endDateBeforeStartDate,
    });
    expect(
      fields(updateEventSchema, { startAt: '2026-05-04T00:00:00Z', endAt: '2026-05-01T00:00:00Z' }),
    ).toEqual({
      startAt: MESSAGES.startDateAfterEndDate,
      endAt: MESSAGES.endDateBeforeStartDate,
    });
    expect(createEventSchema.safeParse({ ...event, endAt: event.startAt }).success).toBe(true);
  });
  it('takes sessionTimes on update only when given (no default leaks into the partial)', () => {
    expect(updateEventSchema.parse({})).toEqual({});
    expect(updateEventSchema.parse({ timezone: 'asia/tokyo' })).toEqual({ timezone: 'Asia/Tokyo' });
    for (const sessionTimes of ['KEEP_LOCAL_TIMES', 'KEEP_INSTANTS'])
      expect(updateEventSchema.parse({ sessionTimes })).toEqual({ sessionTimes });
    for (const sessionTimes of ['keep_local_times', '', null, 2])
      expect(fields(updateEventSchema, { sessionTimes })).toEqual({
        sessionTimes: TENANCY_MESSAGES.invalidSessionTimes,
      });
    expect(createEventSchema.safeParse({ ...event, sessionTimes: 'KEEP_INSTANTS' }).data).not.toHaveProperty(
      'sessionTimes',
    );
  });
  it('takes no time zone on create when an address is given; with neither, a message on timezone', () => {
    const { timezone: _, ...noZone } = event;
    expect(createEventSchema.parse({ ...noZone, address: 'Berlin, Germany' })).not.toHaveProperty('timezone');
    expect(createEventSchema.parse({ ...event, address: 'Berlin, Germany' }).timezone).toBe('Europe/Berlin');
    for (const address of [undefined, '', '  '])
      expect(fields(createEventSchema, { ...noZone, address })).toEqual({
        timezone: TENANCY_MESSAGES.timezoneOrAddressRequired,
      });
    // Beside other fields' messages too, so an empty body lists them all.
    expect(fields(createEventSchema, { ...noZone, eventHubId: 'x' })).toEqual({
      eventHubId: expect.any(String),
      timezone: TENANCY_MESSAGES.timezoneOrAddressRequired,
    });
    // A zone given, even empty, is checked as a zone; a malformed address gets its own message only.
    expect(fields(createEventSchema, { ...noZone, timezone: '', address: 'Berlin' })).toEqual({
      timezone: MESSAGES.required,
    });
    expect(fields(createEventSchema, { ...noZone, address: 'a'.repeat(501) })).toEqual({
      address: MESSAGES.maxLength,
    });
  });
  it('needs a name, and knows its lengths', () => {
    expect(fields(createEventSchema, { ...event, name: '  ' })).toEqual({ name: MESSAGES.required });
    expect(fields(createEventSchema, { ...event, name: 'x'.repeat(301) })).toEqual({
      name: MESSAGES.maxLength,
    });
    expect(fields(createEventSchema, { ...event, description: 'x'.repeat(10_001) })).toEqual({
      description: MESSAGES.maxLength,
    });
    expect(fields(createEventSchema, { ...event, startAt: 'yesterday' })).toHaveProperty('startAt');
  });
  it('reads date-range filters as whole UTC days', () => {
    const q = eventListQuerySchema.parse({
      startAtFrom: '2026-05-01',
      startAtTo: '2026-05-31',
      organizationId: `${event.eventHubId},${event.eventHubId}`,
    });
    expect(q.startAtFrom?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(q.startAtTo?.toISOString()).toBe('2026-05-31T23:59:59.999Z');
    expect(q.organizationId).toHaveLength(2);
    expect(eventListQuerySchema.safeParse({ startAtFrom: '2026-13-01' }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ organizationId: 'not-a-uuid' }).success).toBe(false);
  });
});

describe('colours', () => {
  it.each(['#000000', '#A1b2C3'])('accepts %s in lower case', (c) =>
    expect(colorSchema.parse(c)).toBe(c.toLowerCase()),
  );
  it.each(['000000', '#fff', '#gggggg', '#0000000', 'red'])('refuses %s', (c) =>
    expect(colorSchema.safeParse(c).success).toBe(false),
  );
});

describe('app versions', () => {
  it.each(['1', '1.2', '1.2.3', '10.20.30.40', '2.0.0-beta.1', '3.1.0+42'])('accepts %s', (v) =>
    expect(appVersionStringSchema.parse(v)).toBe(v),
  );
  it.each([['1.2.3.4.5'], ['v1.2'], ['1..2'], ['1.2-'], ['latest']])('refuses %s', (v) => {
    expect(appVersionStringSchema.safeParse(v).error?.issues[0]?.message).toBe(
      TENANCY_MESSAGES.invalidVersion,
    );
  });
  it('says Max length exceeded before the pattern', () => {
    expect(appVersionStringSchema.safeParse('1'.repeat(65)).error?.issues[0]?.message).toBe(
      MESSAGES.maxLength,
    );
  });
});

describe('admin users', () => {
  const user = {
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    roles: [{ scope: 'event', scopeId: event.eventHubId, role: 'moderator' }],
  };
  it('accepts moderators of events only', () => {
    expect(createAdminUserSchema.safeParse(user).success).toBe(true);
    expect(
      fields(createAdminUserSchema, {
        ...user,
        roles: [{ scope: 'organization', scopeId: event.eventHubId, role: 'moderator' }],
      }),
    ).toEqual({
      'roles.0.role': TENANCY_MESSAGES.moderatorIsEventRole,
    });
  });
  it('refuses the same scope twice and an empty role list', () => {
    expect(
      fields(createAdminUserSchema, { ...user, roles: [...user.roles, { ...user.roles[0], role: 'admin' }] }),
    ).toEqual({ 'roles.1.scopeId': TENANCY_MESSAGES.duplicateScope });
    expect(fields(createAdminUserSchema, { ...user, roles: [] })).toEqual({ roles: MESSAGES.required });
    expect(fields(createAdminUserSchema, { ...user, email: 'not-an-address' })).toEqual({
      email: MESSAGES.invalidEmail,
    });
  });
});

describe('organizations', () => {
  it('defaults to DRAFT and checks single sign-on', () => {
    expect(createOrganizationSchema.parse({ name: 'Acme' }).settings).toEqual({ status: 'DRAFT' });
    const sso = { issuer: 'https://id.acme.example', clientId: 'c', hosts: ['CMS.Acme.example'] };
    expect(createOrganizationSchema.parse({ name: 'Acme', sso }).sso?.hosts).toEqual(['cms.acme.example']);
    expect(fields(createOrganizationSchema, { name: 'Acme', sso: { ...sso, issuer: 'ftp://x' } })).toEqual({
      'sso.issuer': MESSAGES.invalidUrl,
    });
    expect(fields(createOrganizationSchema, { name: 'Acme', sso: { ...sso, hosts: [] } })).toEqual({
      'sso.hosts': MESSAGES.required,
    });
    expect(
      fields(createOrganizationSchema, { name: 'Acme', settings: { status: 'ARCHIVED' } }),
    ).toHaveProperty(['settings.status']);
  });
});

describe('timestampSchema', () => {
  it('decodes ISO strings to dates and encodes dates to ISO strings', () => {
    expect(timestampSchema.parse('2026-05-01T09:00:00+02:00').toISOString()).toBe('2026-05-01T07:00:00.000Z');
    expect(timestampSchema.encode(new Date('2026-05-01T07:00:00Z'))).toBe('2026-05-01T07:00:00.000Z');
    expect(timestampSchema.safeParse('2026-05-01').success).toBe(false);
  });
});
