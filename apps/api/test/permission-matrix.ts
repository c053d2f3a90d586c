import { expect, it } from 'vitest';
import type { TestContext } from './harness.js';

/**
 * Who may call what: each case is sent by every role of f.tenant() (and without a token) to a
 * target in the caller's own tenant and to one in another tenant; one test per case compares all
 * fourteen statuses at once, so a failure lists every role and side that differs.
 */
export const ROLES = [
  'superadmin',
  'orgAdmin',
  'hubAdmin',
  'eventAdmin',
  'moderator',
  'participant',
  'anonymous',
] as const;
export type Role = (typeof ROLES)[number];
export type Expected = Record<Role, number>;

/** Expected statuses in ROLES order. */
export const by = (...codes: number[]): Expected =>
  Object.fromEntries(ROLES.map((r, i) => [r, codes[i]!])) as Expected;

export interface MatrixRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixCase<T> {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The request aimed at `target`, built anew for every call (fresh rows where the request consumes them). */
  request: (target: T) => Promise<MatrixRequest>;
  /** The status `role` gets; `own`: the target is in the caller's tenant. */
  expected: (role: Role, own: boolean) => number;
}

/**
 * Access to an event's endpoints by kind:
 * - admin: event admins and the hub, organisation and super admins above; moderators and participants 403;
 * - read: admins and moderators; participants 403;
 * - member: anyone with a role in the event;
 * - participant: the event's participants only; admins and moderators 403;
 * - self: the event's participants (their own records); anyone else 404.
 * Without a role in the event (another tenant): 404; super admins reach every event. No token: 401.
 */
export type EventKind = 'admin' | 'read' | 'member' | 'participant' | 'self';

export function eventAccess(kind: EventKind, ok: number): MatrixCase<unknown>['expected'] {
  return (role, own) => {
    if (role === 'anonymous') return 401;
    if (!own && role !== 'superadmin') return 404;
    switch (kind) {
      case 'admin':
        return role === 'moderator' || role === 'participant' ? 403 : ok;
      case 'read':
        return role === 'participant' ? 403 : ok;
      case 'member':
        return ok;
      case 'participant':
        return role === 'participant' ? ok : 403;
      case 'self':
        return role === 'participant' && own ? ok : 404;
    }
  };
}

/** Statuses per role for the own tenant, and for the other one (default: the same, for lists and untenanted records). */
export function statuses(own: Expected, other: Expected = own): MatrixCase<unknown>['expected'] {
  return (role, isOwn) => (isOwn ? own : other)[role];
}

/** An event-scoped case: `kind` and the success status `ok` give every role's expected status. */
export interface EventCase<T> extends Omit<MatrixCase<T>, 'expected'> {
  kind: EventKind;
  ok: number;
}

export const eventCases = <T>(cases: EventCase<T>[]): MatrixCase<T>[] =>
  cases.map(({ kind, ok, ...c }) => ({ ...c, expected: eventAccess(kind, ok) }));

/** `/api/v1/events/<the target's event>/<path>`. */
export const eventUrl = (x: { tenant: { event: { id: string } } }, path: string) =>
  `/api/v1/events/${x.tenant.event.id}/${path}`;

/** A request to `path(target)` with an optional `payload(target)`. */
export const at =
  <T>(path: (x: T) => string | Promise<string>, payload?: (x: T) => unknown) =>
  async (x: T): Promise<MatrixRequest> => ({
    url: await path(x),
    ...(payload ? { payload: payload(x) } : {}),
  });

export interface MatrixSetup<T> {
  t: TestContext;
  /** Tokens of the callers, all of the own tenant. */
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  own: T;
  other: T;
}

/** One test per case (call inside a `describe`); `setup` is read when the tests run, after `beforeAll`. */
export function itEachPermission<T>(cases: MatrixCase<T>[], setup: () => MatrixSetup<T>): void {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { t, tokens, own, other } = setup();
    const mismatches: string[] = [];
    for (const [isOwn, target] of [
      [true, own],
      [false, other],
    ] as const) {
      for (const role of ROLES) {
        const req = await c.request(target);
        const res = await t.as(role === 'anonymous' ? undefined : tokens[role], {
          method: c.method,
          url: req.url,
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
          ...(req.headers ? { headers: req.headers } : {}),
        });
        const want = c.expected(role, isOwn);
        if (res.statusCode !== want)
          mismatches.push(
            `${isOwn ? 'own' : 'other'} ${role}: ${res.statusCode} (expected ${want}) ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
}
