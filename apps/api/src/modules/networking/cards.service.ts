import QRCode from 'qrcode';
import {
  ATTENDEE_MESSAGES,
  CARD_MESSAGES,
  CARD_REQUEST_EVENT,
  CONTACTS_CSV_HEADER,
  contactsToVcard,
  encodeQrPayload,
  parseQrPayload,
  rooms,
  type Badge,
  type CardPerson,
  type CardRequest,
  type CardRequestResult,
  type CardRequests,
  type CardRequestStatus,
  type Contacts,
} from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { publish } from '../../platform/domain-events.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { CSV_BOM, csvLines } from '../../platform/spreadsheets.js';
import { participantIdOfUser } from '../attendees/index.js';
import * as repo from './cards.repo.js';

export type CardDeps = Pick<AppDeps, 'db' | 'realtime'>;

export interface CardAccess extends EventAccess {
  participantId: string;
}

/** Anyone with a role in the event who is one of its participants; others 403, another tenant 404. */
export async function cardAccess(db: Db, request: FastifyRequest, eventId: string): Promise<CardAccess> {
  const access = await eventAccess(db, request, eventId, 'member');
  const participantId = await participantIdOfUser(db, access.event.id, access.ctx.principal.userId);
  if (!participantId) throw forbidden(ATTENDEE_MESSAGES.notParticipant);
  return { ...access, participantId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many pending requests each direction lists, and contacts a list answers. */
export const REQUESTS_LIMIT = 200;
export const CONTACTS_LIMIT = 2000;

const person = (p: repo.CardPersonRow): CardPerson => ({
  participantId: p.participantId,
  firstName: p.firstName,
  lastName: p.lastName,
  jobTitle: p.jobTitle,
  company: p.company,
  photoUrl: p.photoUrl,
});

const requestView = (r: repo.RequestRow, other: repo.CardPersonRow): CardRequest => ({
  id: r.id,
  status: r.status,
  note: r.note,
  createdAt: r.createdAt,
  person: person(other),
});

/** The caller's badge: their PARTICIPANT_QR_CODE as text and as an SVG QR code. */
export async function badge(db: Db, access: CardAccess): Promise<Badge> {
  const me = await repo.personInEvent(db, access.event.id, access.participantId);
  if (!me) throw notFound();
  const payload = encodeQrPayload({
    type: 'PARTICIPANT_QR_CODE',
    eventId: access.event.id,
    participantId: access.participantId,
  });
  const svg = await QRCode.toString(payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    eventId: access.event.id,
    participantId: me.participantId,
    firstName: me.firstName,
    lastName: me.lastName,
    jobTitle: me.jobTitle,
    company: me.company,
    payload,
    svg,
    profileHidden: me.profileHidden,
  };
}

/** Which participant a scanned text or a chosen person names: 400 for a code that is not a badge, 404 for another event's. */
function targetOf(
  eventId: string,
  body: { qr?: string | undefined; participantId?: string | undefined },
): string {
  if (body.participantId !== undefined) return body.participantId;
  const payload = parseQrPayload((body.qr ?? '').trim());
  if (!payload || payload.type !== 'PARTICIPANT_QR_CODE') throw fieldsError({ qr: CARD_MESSAGES.notABadge });
  if (payload.eventId !== eventId || !UUID.test(payload.participantId)) throw notFound();
  return payload.participantId;
}

function announce(
  deps: CardDeps,
  eventId: string,
  requestId: string,
  status: CardRequestStatus,
  userIds: readonly string[],
): void {
  for (const userId of new Set(userIds))
    deps.realtime.emit(rooms.user(userId), CARD_REQUEST_EVENT, { eventId, requestId, status });
}

/** Accepts a locked pending request inside the caller's transaction: both contact rows and `card.exchanged` once. */
async function acceptLocked(tx: Db, access: CardAccess, r: repo.RequestRow): Promise<void> {
  await repo.setStatus(tx, r.id, 'ACCEPTED');
  const added = await repo.insertContacts(tx, access.event.id, r.fromParticipantId, r.toParticipantId, r.id);
  if (added > 0)
    await publish(tx, {
      name: 'card.exchanged',
      payload: {
        eventId: access.event.id,
        requestId: r.id,
        fromParticipantId: r.fromParticipantId,
        toParticipantId: r.toParticipantId,
      },
    });
  await audit(tx, access.ctx, 'update', 'business-card-request', r.id);
}

/**
 * Sends a card request to the participant a badge (or a profile) names. Refused: one's own badge
 * (400), a badge of another event, an unknown or hidden profile (404). Idempotent: a pending request
 * or an existing contact answers its state (`created: false`); a declined request is sent anew.
 * When the other person had already asked the caller, this accepts their request: both are contacts.
 */
export async function sendRequest(
  deps: CardDeps,
  access: CardAccess,
  body: { qr?: string | undefined; participantId?: string | undefined; note: string },
): Promise<{ created: boolean; result: CardRequestResult }> {
  const { db } = deps;
  const eventId = access.event.id;
  const from = access.participantId;
  const to = targetOf(eventId, body);
  if (to === from)
    throw fieldsError({
      [body.participantId !== undefined ? 'participantId' : 'qr']: CARD_MESSAGES.ownBadge,
    });
  const [target, me] = await Promise.all([
    repo.personInEvent(db, eventId, to),
    repo.personInEvent(db, eventId, from),
  ]);
  if (!target || target.profileHidden || !me) throw notFound();

  const outcome = await db.transaction().execute(async (tx) => {
    await repo.lockPair(tx, from, to);
    const mine = await repo.requestBetween(tx, eventId, from, to);
    if (await repo.isContact(tx, from, to)) {
      const r = mine ?? (await repo.requestBetween(tx, eventId, to, from));
      return { kind: 'contact' as const, request: r, created: false };
    }
    const theirs = await repo.requestBetween(tx, eventId, to, from);
    if (theirs?.status === 'PENDING') {
      const locked = await repo.lockRequest(tx, eventId, theirs.id);
      if (locked) await acceptLocked(tx, access, locked);
      return {
        kind: 'accepted' as const,
        request: { ...theirs, status: 'ACCEPTED' as const },
        created: false,
      };
    }
    if (mine?.status === 'PENDING') return { kind: 'pending' as const, request: mine, created: false };
    const request = mine
      ? await repo.reopenRequest(tx, mine.id, body.note)
      : await repo.insertRequest(tx, {
          eventId,
          fromParticipantId: from,
          toParticipantId: to,
          note: body.note,
        });
    await audit(tx, access.ctx, 'create', 'business-card-request', request.id);
    return { kind: 'sent' as const, request, created: true };
  });

  const r = outcome.request;
  if (!r) throw notFound(); // contacts without a request: not made by this module
  if (outcome.kind === 'sent') announce(deps, eventId, r.id, 'PENDING', [target.userId]);
  if (outcome.kind === 'accepted') announce(deps, eventId, r.id, 'ACCEPTED', [target.userId, me.userId]);
  return {
    created: outcome.created,
    result: {
      state: outcome.kind === 'sent' || outcome.kind === 'pending' ? 'PENDING' : 'CONTACT',
      request: requestView(r, target),
    },
  };
}

export async function requests(db: Db, access: CardAccess): Promise<CardRequests> {
  const [incoming, outgoing] = await Promise.all([
    repo.pendingRequests(db, access.event.id, access.participantId, 'incoming', REQUESTS_LIMIT),
    repo.pendingRequests(db, access.event.id, access.participantId, 'outgoing', REQUESTS_LIMIT),
  ]);
  return {
    incoming: incoming.map((r) => requestView(r, r.person)),
    outgoing: outgoing.map((r) => requestView(r, r.person)),
  };
}

/**
 * The recipient answers a request. Only the recipient (anyone else: 404). Accepting makes both
 * contacts and publishes `card.exchanged` in the same transaction; answering again the same way
 * answers the same; accepting a declined request or declining an accepted one is 409.
 */
export async function respond(
  deps: CardDeps,
  access: CardAccess,
  requestId: string,
  accept: boolean,
): Promise<CardRequest> {
  const { db } = deps;
  const eventId = access.event.id;
  const result = await db.transaction().execute(async (tx) => {
    const r = await repo.lockRequest(tx, eventId, requestId);
    if (!r || r.toParticipantId !== access.participantId) throw notFound();
    const want: CardRequestStatus = accept ? 'ACCEPTED' : 'DECLINED';
    if (r.status === want) return { r, changed: false };
    if (r.status !== 'PENDING')
      throw conflict(accept ? CARD_MESSAGES.alreadyDeclined : CARD_MESSAGES.alreadyAccepted);
    if (accept) await acceptLocked(tx, access, r);
    else {
      await repo.setStatus(tx, r.id, 'DECLINED');
      await audit(tx, access.ctx, 'update', 'business-card-request', r.id);
    }
    return { r: { ...r, status: want }, changed: true };
  });
  const sender = await repo.personInEvent(db, eventId, result.r.fromParticipantId);
  if (!sender) throw notFound();
  const me = await repo.personInEvent(db, eventId, access.participantId);
  if (result.changed)
    announce(deps, eventId, requestId, result.r.status, [sender.userId, me?.userId ?? sender.userId]);
  return requestView(result.r, sender);
}

export async function contacts(db: Db, access: CardAccess, search: string | undefined): Promise<Contacts> {
  const [rows, total] = await Promise.all([
    repo.contactsOf(db, access.event.id, access.participantId, search || undefined, CONTACTS_LIMIT),
    repo.countContacts(db, access.event.id, access.participantId),
  ]);
  return {
    records: rows.map((c) => ({
      ...person(c),
      email: c.email,
      phone: c.phone,
      note: c.note,
      createdAt: c.createdAt,
    })),
    total,
  };
}

export async function setNote(
  db: Db,
  access: CardAccess,
  contactId: string,
  note: string,
): Promise<{ note: string }> {
  const ok = await db
    .transaction()
    .execute((tx) => repo.updateNote(tx, access.event.id, access.participantId, contactId, note));
  if (!ok) throw notFound();
  return { note };
}

/** All the caller's contacts as one vCard file or a CSV (formulas neutralised). */
export async function exportContacts(
  db: Db,
  access: CardAccess,
  format: 'vcf' | 'csv',
): Promise<{ body: string; type: string; filename: string }> {
  const rows = await repo.contactsOf(db, access.event.id, access.participantId, undefined, CONTACTS_LIMIT);
  if (format === 'vcf')
    return { body: contactsToVcard(rows), type: 'text/vcard; charset=utf-8', filename: 'contacts.vcf' };
  const lines = csvLines([
    [...CONTACTS_CSV_HEADER],
    ...rows.map((c) => [
      c.firstName,
      c.lastName,
      c.email,
      c.phone,
      c.jobTitle,
      c.company,
      c.note,
      c.createdAt,
    ]),
  ]);
  return { body: CSV_BOM + lines, type: 'text/csv; charset=utf-8', filename: 'contacts.csv' };
}

export const stats = (db: Db, eventId: string) => repo.cardStats(db, eventId);
