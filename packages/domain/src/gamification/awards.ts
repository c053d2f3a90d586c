import { z } from 'zod';
import type { DomainEventName, DomainEventPayload } from '../events/contracts.js';
import { listQuerySchema } from '../list.js';
import type { GameTaskType, TaskKind, TaskTarget } from '../spec/gamification.js';

/**
 * Issue 15: the award rules. A fact is what a participant did that a task kind pays for (one
 * domain event may yield a fact for each of two people); the award function (apps/api
 * gamification awards.service.ts) turns facts into ledger rows with these rules.
 */
export interface AwardFact {
  eventId: string;
  participantId: string;
  kind: TaskKind;
  /** The item done (a session id, a QR code id, `post:<id>`…); '' for boolean kinds. */
  targetKey: string;
  /** When it happened (the domain event's occurredAt): the game's window is checked against it. */
  occurredAt: string;
  /** The domain event that carried it (ledger source_event_id); null when none (the demo seed). */
  sourceEventId: string | null;
}

type FactsOf<N extends DomainEventName> = (
  payload: DomainEventPayload<N>,
) => Omit<AwardFact, 'occurredAt' | 'sourceEventId' | 'eventId'>[];

const ANSWER_KINDS: Record<DomainEventPayload<'answer.submitted'>['kind'], TaskKind> = {
  // The spec has no poll kind: a poll vote counts as a survey answered.
  POLL: 'SURVEY',
  SURVEY: 'SURVEY',
  QUIZ: 'QUIZ',
  QA: 'QA',
};

/** Which kind and target key each earning domain event yields, per participant (common brief "What earns"). */
export const FACTS_OF_EVENT = {
  'answer.submitted': (p) => [
    { participantId: p.participantId, kind: ANSWER_KINDS[p.kind], targetKey: p.toolId },
  ],
  'material.viewed': (p) => [
    { participantId: p.participantId, kind: 'VIEW_DOCUMENT', targetKey: p.materialId },
  ],
  'session.checkedIn': (p) => [
    { participantId: p.participantId, kind: 'ATTEND_SESSION', targetKey: p.sessionId },
  ],
  'session.enrolled': (p) =>
    p.state === 'ENROLLED'
      ? [{ participantId: p.participantId, kind: 'REGISTER_SESSION', targetKey: p.sessionId }]
      : [],
  'qr.scanned': (p) => [{ participantId: p.participantId, kind: 'SCAN_QR', targetKey: p.codeId }],
  'feed.posted': (p) => [
    { participantId: p.participantId, kind: 'ACTIVITY_FEED', targetKey: `post:${p.postId}` },
  ],
  'feed.commented': (p) => [
    { participantId: p.participantId, kind: 'ACTIVITY_FEED', targetKey: `comment:${p.commentId}` },
  ],
  'meeting.booked': (p) => [
    { participantId: p.requesterId, kind: 'SIGN_UP_FOR_MEETING', targetKey: p.meetingId },
    { participantId: p.inviteeId, kind: 'SIGN_UP_FOR_MEETING', targetKey: p.meetingId },
  ],
  'card.exchanged': (p) => [
    { participantId: p.fromParticipantId, kind: 'BUSINESS_CARD_EXCHANGE', targetKey: p.toParticipantId },
    { participantId: p.toParticipantId, kind: 'BUSINESS_CARD_EXCHANGE', targetKey: p.fromParticipantId },
  ],
  'profile.completed': (p) => [{ participantId: p.participantId, kind: 'POPULATE_PROFILE', targetKey: '' }],
  'app.installed': (p) => [{ participantId: p.participantId, kind: 'DOWNLOAD_APP', targetKey: '' }],
  'registration.submitted': (p) => [
    { participantId: p.participantId, kind: 'REGISTRATION_FORM', targetKey: p.formId },
  ],
} satisfies { [N in DomainEventName]?: FactsOf<N> };

export type EarningEventName = keyof typeof FACTS_OF_EVENT;
export const EARNING_EVENTS = Object.keys(FACTS_OF_EVENT) as EarningEventName[];

/** The facts one domain event yields (none for a waitlist place). */
export function factsOfEvent<N extends EarningEventName>(event: {
  id: string | null;
  name: N;
  occurredAt: string;
  payload: DomainEventPayload<N>;
}): AwardFact[] {
  const of = FACTS_OF_EVENT[event.name] as FactsOf<N>;
  return of(event.payload).map((f) => ({
    ...f,
    eventId: event.payload.eventId,
    occurredAt: event.occurredAt,
    sourceEventId: event.id,
  }));
}

/** Kinds whose targets are items other than the task's own (ACTIVITY_FEED, meetings, cards): ANY only. */
const ANY_ONLY_KINDS: readonly TaskKind[] = [
  'ACTIVITY_FEED',
  'SIGN_UP_FOR_MEETING',
  'BUSINESS_CARD_EXCHANGE',
  'POPULATE_PROFILE',
  'DOWNLOAD_APP',
];

export interface TaskRule {
  kind: TaskKind;
  type: GameTaskType;
  target: TaskTarget;
  targetIds: readonly string[];
}

/** Whether a task counts this target: ANY counts every item, SPECIFIC only its chosen ones. */
export function taskMatches(task: TaskRule, targetKey: string): boolean {
  if (task.target === 'ANY' || ANY_ONLY_KINDS.includes(task.kind)) return true;
  return task.targetIds.includes(targetKey);
}

/** A game's window: starts_at ≤ occurredAt < ends_at; a null bound is open. */
export function inWindow(
  window: { startsAt: Date | string | null; endsAt: Date | string | null },
  occurredAt: Date | string,
): boolean {
  const at = new Date(occurredAt).getTime();
  if (window.startsAt !== null && at < new Date(window.startsAt).getTime()) return false;
  if (window.endsAt !== null && at >= new Date(window.endsAt).getTime()) return false;
  return true;
}

/**
 * COMPLETION: the task is done when ANY → the first qualifying item; SPECIFIC → every target id
 * done. `doneKeys` are the player's progress keys for the task (the new one included).
 */
export function completionDone(task: TaskRule, doneKeys: ReadonlySet<string>): boolean {
  if (task.target === 'ANY' || ANY_ONLY_KINDS.includes(task.kind)) return doneKeys.size > 0;
  return task.targetIds.every((id) => doneKeys.has(id));
}

/**
 * TYPE_POINTS: what one more distinct sub-task pays. `perSubTask` (a SCAN_QR code's own points when
 * > 0, else the task's points_per_sub_task); the player's total from the task stays ≤ the limit: the
 * last award is trimmed to fit, nothing once the limit is reached; no limit when null.
 */
export function typePointsAward(perSubTask: number, earnedSoFar: number, limit: number | null): number {
  if (perSubTask <= 0) return 0;
  if (limit === null) return perSubTask;
  return Math.max(0, Math.min(perSubTask, limit - earnedSoFar));
}

/** A SCAN_QR sub-task pays the code's own points when it has some, else the task's per-sub-task points. */
export function subTaskPoints(pointsPerSubTask: number | null, codePoints?: number | null): number {
  if (codePoints !== undefined && codePoints !== null && codePoints > 0) return codePoints;
  return pointsPerSubTask ?? 0;
}

/**
 * A badge's task is complete: COMPLETION when its ledger row exists; TYPE_POINTS when its limit is
 * reached, or, without a limit, once at least one sub-task is done.
 */
export function taskComplete(
  task: { type: GameTaskType; tasksPointsLimit: number | null },
  state: { completionPaid: boolean; earned: number; subTasks: number },
): boolean {
  if (task.type === 'COMPLETION') return state.completionPaid;
  if (task.tasksPointsLimit === null) return state.subTasks > 0;
  return state.earned >= task.tasksPointsLimit;
}

/** Rounded to at most two decimals (how scores are shown). */
export const roundScore = (n: number): number => Math.round(n * 100) / 100;

/**
 * A player's score from their ledger rows: TOTAL_POINTS = Σ points; WEIGHTED_POINTS = Σ points ×
 * weight_percent / 100 (assigned points without a task: ×1). Two decimals at most.
 */
export function gameScore(
  scoring: 'TOTAL_POINTS' | 'WEIGHTED_POINTS',
  rows: readonly { points: number; weightPercent: number | null }[],
): number {
  if (scoring === 'TOTAL_POINTS') return rows.reduce((s, r) => s + r.points, 0);
  // In hundredths, so the sum stays an exact integer before the one division.
  const hundredths = rows.reduce((s, r) => s + r.points * (r.weightPercent ?? 100), 0);
  return roundScore(hundredths / 100);
}

// ── assigned points (console form and the GameTaskPoint import) ──

export const ASSIGNED_POINTS_LIMIT = 100_000;
export const ASSIGNED_REASON_MAX = 500;

export const AWARD_MESSAGES = {
  pointsZero: 'Points must not be 0',
  pointsRange: `Points must be between -${ASSIGNED_POINTS_LIMIT} and ${ASSIGNED_POINTS_LIMIT}`,
  pointsInteger: 'Points must be a whole number',
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${ASSIGNED_REASON_MAX} characters`,
  participantUnknown: 'No participant of this event has this id',
  taskUnknown: 'No task of this game has this id',
  gameUnknown: 'No game of this event has this name',
  emailUnknown: 'No participant of this event has this e-mail',
  taskNameUnknown: 'No task of this game has this name',
  gameRequired: 'The game is required',
  emailRequired: 'The participant e-mail is required',
  pointsRequired: 'Points are required',
  gameAmbiguous: 'Several games of this event have this name',
  taskNameAmbiguous: 'Several tasks of this game have this name',
} as const;

/** GameTaskPoint import: a row that gives exactly what an earlier row gives. */
export const assignedDuplicateRow = (firstRow: number | string) =>
  `The same points are already given in row ${firstRow}`;

export const assignPointsSchema = z.object({
  participantId: z.uuid(),
  points: z
    .number({ error: AWARD_MESSAGES.pointsRequired })
    .int({ error: AWARD_MESSAGES.pointsInteger })
    .min(-ASSIGNED_POINTS_LIMIT, { error: AWARD_MESSAGES.pointsRange })
    .max(ASSIGNED_POINTS_LIMIT, { error: AWARD_MESSAGES.pointsRange })
    .refine((n) => n !== 0, { error: AWARD_MESSAGES.pointsZero }),
  reason: z
    .string({ error: AWARD_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: AWARD_MESSAGES.reasonRequired })
    .max(ASSIGNED_REASON_MAX, { error: AWARD_MESSAGES.reasonTooLong }),
  taskId: z.uuid().nullable().optional(),
});
export type AssignPoints = z.output<typeof assignPointsSchema>;

export const assignedPointsSchema = z.object({
  id: z.uuid(),
  gameId: z.uuid(),
  participantId: z.uuid(),
  participantName: z.string(),
  participantEmail: z.string(),
  points: z.number().int(),
  reason: z.string(),
  taskId: z.uuid().nullable(),
  taskName: z.string().nullable(),
  /** The author's full name, else e-mail ('' when the account is gone). */
  createdBy: z.string(),
  imported: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AssignedPoints = z.output<typeof assignedPointsSchema>;
/** The Assigned points list: search on the participant's name and e-mail and the reason. */
export const assignedPointsListQuerySchema = listQuerySchema.extend({
  participantId: z.uuid().optional(),
});

/** The `POST /events/:eventId/me/app-installed` body. */
export const appInstalledBodySchema = z.object({
  platform: z.enum(['IOS', 'ANDROID', 'DESKTOP', 'WEB']),
});
export type AppInstalledBody = z.output<typeof appInstalledBodySchema>;
export const appInstalledResultSchema = z.object({ firstTime: z.boolean() });
