import type { TestContext } from '../../../test/harness.js';
import type { Client } from '../attendees/attendees.test-utils.js';

export { client, participant, type Client, type Tenant } from '../attendees/attendees.test-utils.js';

let n = 0;
/** A session created through the API (defaults: 2030-06-01 10:00–11:00 in the event's zone); answers its record. */
export async function session(
  c: Client,
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string; [k: string]: unknown }> {
  n++;
  const res = await c.post('sessions', {
    name: `Session ${n}`,
    startDate: '2030-06-01',
    startTime: '10:00 AM',
    endDate: '2030-06-01',
    endTime: '11:00 AM',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A participant's token (a new account joined to the event); answers the participant id too. */
export async function participantToken(
  t: TestContext,
  eventId: string,
): Promise<{ token: string; participantId: string; userId: string; email: string }> {
  const user = await t.f.user();
  await t.f.participant(eventId, user.id);
  const p = await t.deps.db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    token: await t.f.token(user.id, 'event'),
    participantId: p.id,
    userId: user.id,
    email: user.email,
  };
}
