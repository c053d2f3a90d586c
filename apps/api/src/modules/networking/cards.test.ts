import { rooms } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';

/** Business-card exchange: scan → request → accept; mutual contacts, notes, export, refusals. */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Person {
  userId: string;
  token: string;
  participantId: string;
  qr: string;
}

let t: TestContext;
let tenant: Tenant;
let otherTenant: Tenant;
const emitted: Emitted[] = [];

async function person(ten: Tenant, first: string, extra: Record<string, string> = {}): Promise<Person> {
  const user = await t.f.user({ firstName: first, lastName: 'Tester' });
  await t.f.participant(ten.event.id, user.id);
  await t.deps.db
    .updateTable('participants')
    .set({ firstName: first, lastName: 'Tester', email: `${first.toLowerCase()}@example.com`, ...extra })
    .where('userId', '=', user.id)
    .execute();
  const token = await t.f.token(user.id);
  const badge = (
    await t.as(token, { method: 'GET', url: `/api/v1/events/${ten.event.id}/business-cards/badge` })
  ).json() as { participantId: string; payload: string; svg: string };
  return { userId: user.id, token, participantId: badge.participantId, qr: badge.payload };
}

const api = (who: Person, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, ten = tenant) =>
  t.as(who.token, {
    method,
    url: `/api/v1/events/${ten.event.id}/business-cards/${path}`,
    ...(payload ? { payload } : {}),
  });
const contactsOf = async (who: Person, search?: string) =>
  (await api(who, 'GET', `contacts${search ? `?search=${encodeURIComponent(search)}` : ''}`)).json() as {
    records: Array<{ participantId: string; firstName: string; note: string; email: string }>;
    total: number;
  };
const exchangedEvents = async (requestId: string) =>
  (
    await t.deps.db
      .selectFrom('domainEvents')
      .select(['name', 'payload'])
      .where('name', '=', 'card.exchanged')
      .execute()
  ).filter((e) => (e.payload as { requestId: string }).requestId === requestId);

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
  otherTenant = await t.f.tenant();
  recordEmits(t, emitted);
});
afterAll(() => t.close());

describe('business cards', () => {
  it('the badge holds the PARTICIPANT_QR_CODE payload', async () => {
    const ann = await person(tenant, 'Ann');
    expect(JSON.parse(ann.qr)).toEqual({
      type: 'PARTICIPANT_QR_CODE',
      eventId: tenant.event.id,
      participantId: ann.participantId,
    });
    const badge = (await api(ann, 'GET', 'badge')).json() as { svg: string; firstName: string };
    expect(badge.svg).toContain('<svg');
    expect(badge.firstName).toBe('Ann');
  });

  it('exchanges cards: both are contacts only after acceptance, the event is published once', async () => {
    const ann = await person(tenant, 'Anna', { company: 'Acme', phone: '+1 555' });
    const bob = await person(tenant, 'Bob');
    emitted.length = 0;
    const sent = await api(bob, 'POST', 'requests', { qr: ann.qr, note: 'Nice talk!' });
    expect(sent.statusCode).toBe(201);
    const { request, state } = sent.json() as { state: string; request: { id: string; status: string } };
    expect(state).toBe('PENDING');
    expect(emitted).toContainEqual({
      room: rooms.user(ann.userId),
      event: 'card.request',
      payload: { eventId: tenant.event.id, requestId: request.id, status: 'PENDING' },
    });
    // Pending: in Ann's incoming and Bob's outgoing; neither is a contact yet.
    const annRequests = (await api(ann, 'GET', 'requests')).json() as {
      incoming: Array<{ id: string; note: string; person: { participantId: string } }>;
      outgoing: unknown[];
    };
    expect(annRequests.incoming).toMatchObject([
      { id: request.id, note: 'Nice talk!', person: { participantId: bob.participantId } },
    ]);
    expect(annRequests.outgoing).toEqual([]);
    expect(((await api(bob, 'GET', 'requests')).json() as { outgoing: unknown[] }).outgoing).toHaveLength(1);
    expect((await contactsOf(ann)).total).toBe(0);
    expect((await contactsOf(bob)).total).toBe(0);
    expect(await exchangedEvents(request.id)).toHaveLength(0);

    // Scanning again: the same pending request, 200.
    const again = await api(bob, 'POST', 'requests', { qr: ann.qr });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'PENDING', request: { id: request.id } });

    // Bob can not accept his own request.
    expect((await api(bob, 'POST', `requests/${request.id}/accept`)).statusCode).toBe(404);

    emitted.length = 0;
    const accepted = await api(ann, 'POST', `requests/${request.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'ACCEPTED',
      person: { participantId: bob.participantId },
    });
    expect(emitted.map((e) => e.room).sort()).toEqual(
      [rooms.user(ann.userId), rooms.user(bob.userId)].sort(),
    );
    expect((await contactsOf(ann)).records.map((c) => c.participantId)).toEqual([bob.participantId]);
    expect((await contactsOf(bob)).records).toMatchObject([
      { participantId: ann.participantId, email: 'anna@example.com' },
    ]);
    // Accepting again answers the same; declining now is 409; scanning now answers CONTACT.
    expect((await api(ann, 'POST', `requests/${request.id}/accept`)).statusCode).toBe(200);
    expect((await api(ann, 'POST', `requests/${request.id}/decline`)).statusCode).toBe(409);
    const scanned = await api(bob, 'POST', 'requests', { participantId: ann.participantId });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json()).toMatchObject({ state: 'CONTACT' });
    const reverse = await api(ann, 'POST', 'requests', { qr: bob.qr });
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toMatchObject({ state: 'CONTACT' });
    expect(await exchangedEvents(request.id)).toEqual([
      {
        name: 'card.exchanged',
        payload: {
          eventId: tenant.event.id,
          requestId: request.id,
          fromParticipantId: bob.participantId,
          toParticipantId: ann.participantId,
        },
      },
    ]);
    const rows = await t.deps.db
      .selectFrom('businessCardContacts')
      .select(['ownerParticipantId', 'contactParticipantId'])
      .where('requestId', '=', request.id)
      .execute();
    expect(rows).toHaveLength(2);

    // Notes are private to their owner; search finds by note and by company.
    expect(
      (await api(bob, 'PUT', `contacts/${ann.participantId}/note`, { note: '  Follow up on Q3  ' })).json(),
    ).toEqual({
      note: 'Follow up on Q3',
    });
    expect((await contactsOf(bob)).records[0]!.note).toBe('Follow up on Q3');
    expect((await contactsOf(ann)).records[0]!.note).toBe('');
    expect((await contactsOf(bob, 'q3')).total).toBe(1);
    expect((await contactsOf(bob, 'q3')).records).toHaveLength(1);
    expect((await contactsOf(bob, 'acme')).records).toHaveLength(1);
    expect((await contactsOf(bob, 'nobody%')).records).toHaveLength(0);
    // A note on someone who is not a contact: 404.
    const carl = await person(tenant, 'Carl');
    expect((await api(bob, 'PUT', `contacts/${carl.participantId}/note`, { note: 'x' })).statusCode).toBe(
      404,
    );

    // Exports.
    const vcf = await api(bob, 'GET', 'contacts/export');
    expect(vcf.headers['content-type']).toContain('text/vcard');
    expect(vcf.body).toContain(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Tester;Anna;;;\r\nFN:Anna Tester\r\nORG:Acme',
    );
    expect(vcf.body).toContain('EMAIL;TYPE=INTERNET:anna@example.com');
    expect(vcf.body).toContain('TEL:+1 555');
    expect(vcf.body).toContain('NOTE:Follow up on Q3');
    const csv = await api(bob, 'GET', 'contacts/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('First name,Last name,E-mail,Phone,Job title,Company,Note,Exchanged at');
    // A cell starting with + is neutralised (no formula in a spreadsheet).
    expect(csv.body).toContain("Anna,Tester,anna@example.com,'+1 555,,Acme,Follow up on Q3,");

    // Organisers see the count.
    const stats = await t.as(tenant.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${tenant.event.id}/business-cards/stats`,
    });
    expect(stats.json()).toMatchObject({ exchanges: 1, participantsWithContacts: 2 });
  });

  it('declines: no contacts, the sender may ask again, the request can not be accepted after', async () => {
    const ann = await person(tenant, 'Dora');
    const bob = await person(tenant, 'Eli');
    const sent = (await api(bob, 'POST', 'requests', { qr: ann.qr })).json() as { request: { id: string } };
    const declined = await api(ann, 'POST', `requests/${sent.request.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'DECLINED' });
    expect((await api(ann, 'POST', `requests/${sent.request.id}/decline`)).statusCode).toBe(200);
    expect((await api(ann, 'POST', `requests/${sent.request.id}/accept`)).statusCode).toBe(409);
    expect((await contactsOf(ann)).total).toBe(0);
    expect((await contactsOf(bob)).total).toBe(0);
    expect(((await api(ann, 'GET', 'requests')).json() as { incoming: unknown[] }).incoming).toEqual([]);
    expect(await exchangedEvents(sent.request.id)).toEqual([]);
    // Asked again: pending anew, the same request.
    const again = await api(bob, 'POST', 'requests', { qr: ann.qr, note: 'Second try' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      state: 'PENDING',
      request: { id: sent.request.id, note: 'Second try' },
    });
  });

  it('scanning someone who already asked accepts their request', async () => {
    const ann = await person(tenant, 'Fay');
    const bob = await person(tenant, 'Gus');
    const sent = (await api(bob, 'POST', 'requests', { qr: ann.qr })).json() as { request: { id: string } };
    const back = await api(ann, 'POST', 'requests', { qr: bob.qr });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      state: 'CONTACT',
      request: { id: sent.request.id, status: 'ACCEPTED' },
    });
    expect((await contactsOf(ann)).total).toBe(1);
    expect((await contactsOf(bob)).total).toBe(1);
    expect(await exchangedEvents(sent.request.id)).toHaveLength(1);
  });

  it("refuses one's own badge, another event's badge, unknown and hidden profiles", async () => {
    const ann = await person(tenant, 'Hana');
    const own = await api(ann, 'POST', 'requests', { qr: ann.qr });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ qr: 'This is your own badge' });
    expect((await api(ann, 'POST', 'requests', { participantId: ann.participantId })).statusCode).toBe(400);

    const stranger = await person(otherTenant, 'Ivan');
    expect((await api(ann, 'POST', 'requests', { qr: stranger.qr })).statusCode).toBe(404);
    expect((await api(ann, 'POST', 'requests', { participantId: stranger.participantId })).statusCode).toBe(
      404,
    );
    // A badge naming this event but a participant of another: 404 as well.
    const forged = JSON.stringify({
      type: 'PARTICIPANT_QR_CODE',
      eventId: tenant.event.id,
      participantId: stranger.participantId,
    });
    expect((await api(ann, 'POST', 'requests', { qr: forged })).statusCode).toBe(404);
    expect(
      (
        await api(ann, 'POST', 'requests', {
          qr: JSON.stringify({ type: 'PARTICIPANT_QR_CODE', eventId: tenant.event.id, participantId: 'x' }),
        })
      ).statusCode,
    ).toBe(404);

    const hidden = await person(tenant, 'Jo');
    await t.deps.db
      .updateTable('participants')
      .set({ profileHidden: true })
      .where('id', '=', hidden.participantId)
      .execute();
    const res = await api(ann, 'POST', 'requests', { qr: hidden.qr });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      (await api(ann, 'POST', 'requests', { participantId: crypto.randomUUID() })).json().message,
    );
    expect(((await api(hidden, 'GET', 'requests')).json() as { incoming: unknown[] }).incoming).toEqual([]);
  });

  it('two people scanning each other at once end as one exchange', async () => {
    const ann = await person(tenant, 'Kim');
    const bob = await person(tenant, 'Lou');
    const [x, y] = await Promise.all([
      api(ann, 'POST', 'requests', { qr: bob.qr }),
      api(bob, 'POST', 'requests', { qr: ann.qr }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 201]);
    expect((await contactsOf(ann)).total).toBe(1);
    expect((await contactsOf(bob)).total).toBe(1);
    const events = await t.deps.db
      .selectFrom('domainEvents')
      .select('payload')
      .where('name', '=', 'card.exchanged')
      .execute();
    expect(
      events.filter((e) =>
        [ann.participantId, bob.participantId].includes(
          (e.payload as { toParticipantId: string }).toParticipantId,
        ),
      ),
    ).toHaveLength(1);
  });

  it('limits the requests one participant sends (429 with Retry-After)', async () => {
    const spammer = await person(tenant, 'Max');
    const targets = await Promise.all(Array.from({ length: 31 }, (_, i) => person(tenant, `T${i}`)));
    for (const target of targets.slice(0, 30))
      expect(
        (await api(spammer, 'POST', 'requests', { participantId: target.participantId })).statusCode,
      ).toBe(201);
    const over = await api(spammer, 'POST', 'requests', { participantId: targets[30]!.participantId });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await person(tenant, 'Ned');
    expect(
      (await api(other, 'POST', 'requests', { participantId: targets[30]!.participantId })).statusCode,
    ).toBe(201);
  });
});
