import { z } from 'zod';

/**
 * Domain events: facts a module announces after its transaction commits, for subscribers in other
 * modules (apps/api platform/domain-events.ts). Each has a name, a version and a payload schema;
 * publishers and subscribers share these, so a payload is checked where it is written.
 *
 * Evolving a contract: adding an optional field keeps the version; anything a subscriber of the
 * old shape would misread is a new version (and subscribers read `event.version`), or a new name.
 * Payloads carry ids, not copies of records: a subscriber reads what it needs as committed.
 */
const placeStateSchema = z.enum(['ENROLLED', 'WAITLISTED']);

export const sessionCheckedInSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  participantId: z.uuid(),
  /** QR: the participant scanned the session's code; ADMIN: staff checked them in. */
  method: z.enum(['QR', 'ADMIN']),
});

export const sessionEnrolledSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  participantId: z.uuid(),
  /** A seat, or a place on the waitlist (a later seat comes as `enrollment.promoted`). */
  state: placeStateSchema,
  /** PARTICIPANT: they enrolled themselves; ADMIN: staff added them. */
  by: z.enum(['PARTICIPANT', 'ADMIN']),
  /** The host the write came through: the confirmation e-mail's links use its brand (absent: PUBLIC_URL's). */
  originHost: z.string().optional(),
});

export const sessionLeftSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  participantId: z.uuid(),
  /** The place given up. */
  state: placeStateSchema,
  by: z.enum(['PARTICIPANT', 'ADMIN']),
});

export const enrollmentPromotedEventSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  participantId: z.uuid(),
  /** The host the write came through: links in notifications use its brand ('' when none, e.g. a job). */
  originHost: z.string(),
});

export const profileCompletedSchema = z.object({
  eventId: z.uuid(),
  participantId: z.uuid(),
  userId: z.uuid(),
});

export const materialViewedSchema = z.object({
  eventId: z.uuid(),
  materialId: z.uuid(),
  participantId: z.uuid(),
});

export const answerSubmittedSchema = z.object({
  eventId: z.uuid(),
  sessionId: z.uuid(),
  toolId: z.uuid(),
  instanceId: z.uuid(),
  participantId: z.uuid(),
  /** What was answered: a poll vote, a survey submission, a quiz answer or a Q&A question asked. */
  kind: z.enum(['POLL', 'SURVEY', 'QUIZ', 'QA']),
  /** QUIZ: the question answered, and whether correctly; QA: the question asked (its id). */
  questionId: z.uuid().optional(),
  correct: z.boolean().optional(),
});

export const cardExchangedSchema = z.object({
  eventId: z.uuid(),
  /** The card request that was accepted. */
  requestId: z.uuid(),
  /** Who asked (scanned the other's badge) and who accepted; both now hold each other's card. */
  fromParticipantId: z.uuid(),
  toParticipantId: z.uuid(),
});

export const meetingBookedSchema = z.object({
  eventId: z.uuid(),
  meetingId: z.uuid(),
  /** Who asked for the meeting and who accepted it (participant ids). */
  requesterId: z.uuid(),
  inviteeId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  /** PARTICIPANT: the invitee accepted; ADMIN: staff booked it for both. */
  by: z.enum(['PARTICIPANT', 'ADMIN']),
});

export const feedPostedSchema = z.object({
  eventId: z.uuid(),
  postId: z.uuid(),
  participantId: z.uuid(),
});

export const feedCommentedSchema = z.object({
  eventId: z.uuid(),
  postId: z.uuid(),
  commentId: z.uuid(),
  participantId: z.uuid(),
});

export const qrScannedSchema = z.object({
  eventId: z.uuid(),
  /** The custom QR code scanned (its CUSTOM_QR_CODE payload's customQRCodeId). */
  codeId: z.uuid(),
  participantId: z.uuid(),
  /** APP: the app's scanner; EXTERNAL: a scan from outside the app (`/external-qr-code`). */
  via: z.enum(['APP', 'EXTERNAL']),
});

export const appInstalledSchema = z.object({
  eventId: z.uuid(),
  participantId: z.uuid(),
  /** What the app reported: the installed PWA's platform (IOS, ANDROID, DESKTOP, WEB). */
  platform: z.enum(['IOS', 'ANDROID', 'DESKTOP', 'WEB']),
});

export const registrationSubmittedSchema = z.object({
  eventId: z.uuid(),
  /** The registration form (a designer page) submitted. */
  formId: z.uuid(),
  participantId: z.uuid(),
});

export const DOMAIN_EVENTS = {
  /** A participant's first check-in to a session (a second scan publishes nothing). */
  'session.checkedIn': { version: 1, payload: sessionCheckedInSchema },
  /** A participant took a place in a session: a seat or a waitlist place. */
  'session.enrolled': { version: 1, payload: sessionEnrolledSchema },
  /** A participant gave up their place (left, or staff removed them from the session). */
  'session.left': { version: 1, payload: sessionLeftSchema },
  /** A waitlist place became a seat (someone left, capacity grew, an import). */
  'enrollment.promoted': { version: 1, payload: enrollmentPromotedEventSchema },
  /** A participant's own edit made their profile complete (`isProfileComplete`). */
  'profile.completed': { version: 1, payload: profileCompletedSchema },
  /** A participant opened a material through the API (every read; staff reads are not counted). */
  'material.viewed': { version: 1, payload: materialViewedSchema },
  /** A participant answered: their first submission to a poll or survey instance (a replaced vote publishes nothing), each quiz question, each Q&A question asked. */
  'answer.submitted': { version: 1, payload: answerSubmittedSchema },
  /** Two participants exchanged business cards: a card request was accepted (once per pair and request). */
  'card.exchanged': { version: 1, payload: cardExchangedSchema },
  /** A 1:1 meeting became booked: the invitee accepted, or staff booked it. */
  'meeting.booked': { version: 1, payload: meetingBookedSchema },
  /** An activity-feed post became visible to the event: published, or approved by a moderator. */
  'feed.posted': { version: 1, payload: feedPostedSchema },
  /** A participant commented on a visible activity-feed post. */
  'feed.commented': { version: 1, payload: feedCommentedSchema },
  /** A participant scanned a custom QR code: their first scan of it (a repeat scan publishes nothing). */
  'qr.scanned': { version: 1, payload: qrScannedSchema },
  /** A participant's app reported it runs installed, once per event. */
  'app.installed': { version: 1, payload: appInstalledSchema },
  /**
   * A participant submitted a registration form. Published by the registration forms of the
   * designer issue (not built yet); gamification's REGISTRATION_FORM tasks already listen.
   */
  'registration.submitted': { version: 1, payload: registrationSubmittedSchema },
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName> = z.output<(typeof DOMAIN_EVENTS)[N]['payload']>;

/** What a publisher hands over: a name and its payload. */
export type DomainEventInput = {
  [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> };
}[DomainEventName];

/** What a subscriber receives: the fact plus its identity (dedupe by `id`). */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  version: number;
  occurredAt: string;
  payload: DomainEventPayload<N>;
}

export const isDomainEventName = (name: string): name is DomainEventName =>
  Object.hasOwn(DOMAIN_EVENTS, name);

/** Checks a payload against its contract; throws a ZodError (a publisher's bug, never user input). */
export function parseDomainEventPayload<N extends DomainEventName>(
  name: N,
  payload: unknown,
): DomainEventPayload<N> {
  return DOMAIN_EVENTS[name].payload.parse(payload) as DomainEventPayload<N>;
}
