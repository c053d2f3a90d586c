import { mkdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, bearer, type Session } from './api';
import { API_URL, CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT, SUPER_ADMIN } from './env';
import { signIn } from './ui';

/** One API call for journey setup; fails with the answer's text when it is not 2xx. */
export async function call<T>(
  request: APIRequestContext,
  session: Session,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${API_URL}/${path}`, {
    method,
    headers: bearer(session),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

type Role = { scope: string; scopeId: string; role: string };

export interface OwnEvent {
  eventId: string;
  /** The demo event admin, signed in after the role on the event was granted. */
  admin: Session;
  /** Takes the admin's role on the event away and deletes it (with the hook's own request context: the test's is gone by then). */
  cleanUp(hookRequest: APIRequestContext): Promise<void>;
}

/** Held while a journey reads and rewrites the demo event admin's roles (one PATCH sets them all). */
const ROLES_LOCK = resolve(import.meta.dirname, '../../.tmp/e2e/demo-admin-roles.lock');

/**
 * Journeys in other workers change the same admin's roles: without this, two read the same roles and
 * the second PATCH drops the first one's new event (its calls then answer 404). A directory is
 * created atomically; one older than 30 s is a crashed worker's and is taken over.
 */
async function withRolesLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(resolve(ROLES_LOCK, '..'), { recursive: true });
  for (const end = Date.now() + 60_000; ;) {
    try {
      mkdirSync(ROLES_LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(ROLES_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30_000) rmSync(ROLES_LOCK, { recursive: true, force: true });
      if (Date.now() > end) throw new Error('the demo admin roles lock was not released in 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(ROLES_LOCK);
  }
}

const rolesOf = async (request: APIRequestContext, root: Session, userId: string): Promise<Role[]> =>
  (await call<{ roles: Role[] }>(request, root, 'GET', `admin-users/${userId}`)).roles.map(
    ({ scope, scopeId, role }) => ({ scope, scopeId, role }),
  );

/**
 * A journey's own event in the demo event hub, made by the super admin, with the demo event admin
 * as its admin: what a journey changes there (required custom fields, hundreds of participants)
 * never reaches the shared demo event other journeys work in at the same time. The admin's roles
 * are read just before each change and only this event's role is added or removed, so journeys
 * doing the same in parallel keep theirs.
 */
export async function createOwnEvent(request: APIRequestContext, name: string): Promise<OwnEvent> {
  const host = `cms.localhost:${E2E_PORT}`;
  const root = await apiSignIn(request, SUPER_ADMIN, host);
  let admin = await apiSignIn(request, DEMO.eventAdmin, host);
  const events = await call<{ records: Array<{ name: string; eventHubId: string }> }>(
    request,
    admin,
    'GET',
    `users/${admin.userId}/events`,
  );
  const hubId = events.records.find((e) => e.name === DEMO_EVENT)!.eventHubId;
  const event = await call<{ id: string }>(request, root, 'POST', 'events', {
    name,
    eventHubId: hubId,
    startAt: '2027-03-01T08:00:00.000Z',
    endAt: '2027-03-02T17:00:00.000Z',
    timezone: 'Europe/Berlin',
  });
  const mine: Role = { scope: 'event', scopeId: event.id, role: 'admin' };
  await withRolesLock(async () =>
    call(request, root, 'PATCH', `admin-users/${admin.userId}`, {
      roles: [...(await rolesOf(request, root, admin.userId)), mine],
    }),
  );
  admin = await apiSignIn(request, DEMO.eventAdmin, host);
  const userId = admin.userId;
  return {
    eventId: event.id,
    admin,
    async cleanUp(hookRequest) {
      await withRolesLock(async () => {
        const others = (await rolesOf(hookRequest, root, userId)).filter((r) => r.scopeId !== event.id);
        await call(hookRequest, root, 'PATCH', `admin-users/${userId}`, { roles: others });
      });
      await call(hookRequest, root, 'DELETE', `events/${event.id}`);
    },
  };
}

/** Signs in to the console as the demo event admin and opens the event `name` from the start page. */
export async function openEventInConsole(page: Page, name: string): Promise<void> {
  await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
  await page
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/overview$/);
}
