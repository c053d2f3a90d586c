import type { TestContext } from '../../../test/harness.js';

/** A participant of `eventId` with a token and their participant id. */
export async function person(t: TestContext, eventId: string, userId?: string) {
  const uid = await t.f.participant(eventId, userId);
  const row = await t.deps.db
    .selectFrom('participants')
    .select(['id', 'userId'])
    .where('eventId', '=', eventId)
    .where('userId', '=', uid)
    .executeTakeFirstOrThrow();
  const user = await t.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: uid, email: user.email, token: await t.f.token(uid) };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** The participant id of an existing user in the event. */
export async function participantIdOf(t: TestContext, eventId: string, userId: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function call(
  t: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.as(token, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** A window on 2030-06-03, 09:00–10:00 (Europe/Berlin: 07:00–08:00 UTC), 15-minute slots. */
export const WINDOW = {
  date: '2030-06-03',
  startTime: '09:00 AM',
  endTime: '10:00 AM',
  slotMinutes: 15,
  meetingPoints: ['Table 1'],
};
export const SLOT_1 = '2030-06-03T07:00:00.000Z';
export const SLOT_2 = '2030-06-03T07:15:00.000Z';

export async function createWindow(t: TestContext, adminToken: string, eventId: string, over: object = {}) {
  const res = await call(t, adminToken, 'POST', `/api/v1/events/${eventId}/meeting-intervals`, {
    ...WINDOW,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: string };
}

export async function makeAvailable(t: TestContext, p: Person, eventId: string) {
  const res = await call(t, p.token, 'PUT', `/api/v1/events/${eventId}/meetings/availability`, {
    available: true,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}
