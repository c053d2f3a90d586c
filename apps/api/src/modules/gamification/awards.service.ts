import {
  completionDone,
  inWindow,
  subTaskPoints,
  taskComplete,
  taskMatches,
  typePointsAward,
  type AwardFact,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { rooms } from '../../platform/realtime.js';
import * as repo from './awards.repo.js';
import { afterAwards } from './standings.js';

/** What one award call gave one player in one game (points may be 0 when only a badge was earned). */
export interface Award {
  eventId: string;
  gameId: string;
  participantId: string;
  points: number;
  awardedAt: Date;
  /** The tasks' names (or the assigned points' reason). */
  reason: string;
  badges: { id: string; name: string }[];
}

interface Plan {
  fact: AwardFact;
  tasks: repo.CandidateTask[];
}

/** The tasks this fact may pay: matching target, inside the game's window, player eligible for the game. */
async function planFor(tx: Db, fact: AwardFact): Promise<Plan | undefined> {
  const tasks = (await repo.candidateTasks(tx, fact.eventId, fact.kind)).filter(
    (t) => taskMatches(t, fact.targetKey) && inWindow(t, fact.occurredAt),
  );
  if (tasks.length === 0) return undefined;
  const standing = await repo.playerStanding(tx, fact.eventId, fact.participantId);
  if (!standing || standing.isStaff) return undefined;
  const labels = new Set(standing.labelIds);
  const eligible = tasks.filter((t) => !t.excludedLabelIds.some((id) => labels.has(id)));
  return eligible.length > 0 ? { fact, tasks: eligible } : undefined;
}

/** Pays one task for one fact (under the player's lock in the game); the points written, or undefined. */
async function payTask(tx: Db, fact: AwardFact, task: repo.CandidateTask): Promise<number | undefined> {
  const at = new Date(fact.occurredAt);
  const base = { gameId: task.gameId, taskId: task.taskId, participantId: fact.participantId };
  const isNew = await repo.insertProgress(tx, { ...base, targetKey: fact.targetKey, doneAt: at });
  const ledger = { ...base, eventId: fact.eventId, sourceEventId: fact.sourceEventId, awardedAt: at };
  if (task.type === 'COMPLETION') {
    const done = completionDone(task, await repo.progressKeys(tx, task.taskId, fact.participantId));
    if (!done) return undefined;
    const row = await repo.insertLedger(tx, { ...ledger, targetKey: '', points: task.points });
    return row ? task.points : undefined;
  }
  if (!isNew) return undefined;
  const own = task.kind === 'SCAN_QR' ? await repo.codePoints(tx, fact.eventId, fact.targetKey) : null;
  const earned = await repo.earnedFromTask(tx, task.taskId, fact.participantId);
  const amount = typePointsAward(subTaskPoints(task.pointsPerSubTask, own), earned, task.tasksPointsLimit);
  if (amount <= 0) return undefined;
  const row = await repo.insertLedger(tx, { ...ledger, targetKey: fact.targetKey, points: amount });
  return row ? amount : undefined;
}

/** Badges of the game the player now holds every task of, written once each. */
async function earnBadges(tx: Db, gameId: string, participantId: string, taskIds: readonly string[]) {
  const states = await repo.openBadgeTasks(tx, gameId, participantId, taskIds);
  const byBadge = new Map<string, { name: string; complete: boolean }>();
  for (const s of states) {
    const badge = byBadge.get(s.badgeId) ?? { name: s.badgeName, complete: true };
    badge.complete &&= taskComplete(s, s);
    byBadge.set(s.badgeId, badge);
  }
  const earned: { id: string; name: string }[] = [];
  for (const [id, badge] of byBadge)
    if (badge.complete && (await repo.insertBadgeAward(tx, { badgeId: id, gameId, participantId })))
      earned.push({ id, name: badge.name });
  return earned;
}

/**
 * THE award function: pays what these facts earn in the events' published games, inside `tx`
 * (idempotent: the ledger's unique index and progress keys make a repeated fact pay nothing).
 * One player's awards in one game are serialised by an advisory lock taken in a fixed order, so
 * limits, COMPLETION over several targets and badges hold under concurrency. Free of deps (the
 * demo seed calls it): after the commit, the caller hands the result to `announceAwards`.
 */
export async function awardFacts(tx: Db, facts: readonly AwardFact[]): Promise<Award[]> {
  const plans: Plan[] = [];
  for (const fact of facts) {
    const plan = await planFor(tx, fact);
    if (plan) plans.push(plan);
  }
  const lockKeys = new Set(plans.flatMap((p) => p.tasks.map((t) => `${t.gameId}|${p.fact.participantId}`)));
  for (const key of [...lockKeys].sort()) {
    const [gameId, participantId] = key.split('|') as [string, string];
    await repo.lockPlayerInGame(tx, gameId, participantId);
  }

  const awards = new Map<string, Award & { touched: Set<string> }>();
  for (const { fact, tasks } of plans) {
    for (const task of tasks) {
      const paid = await payTask(tx, fact, task);
      const key = `${task.gameId}|${fact.participantId}`;
      const award = awards.get(key) ?? {
        eventId: fact.eventId,
        gameId: task.gameId,
        participantId: fact.participantId,
        points: 0,
        awardedAt: new Date(fact.occurredAt),
        reason: '',
        badges: [],
        touched: new Set<string>(),
      };
      award.touched.add(task.taskId);
      if (paid !== undefined) {
        award.points += paid;
        award.reason = award.reason ? `${award.reason}, ${task.name}` : task.name;
      }
      awards.set(key, award);
    }
  }
  const result: Award[] = [];
  for (const { touched, ...award } of awards.values()) {
    award.badges = await earnBadges(tx, award.gameId, award.participantId, [...touched]);
    if (award.reason !== '' || award.badges.length > 0) result.push(award);
  }
  return result;
}

/**
 * Whether some published game could pay one of these facts. Most domain events happen in events
 * without such a game, and this read spares them the handler's transaction and idempotency mark.
 */
export async function anyGameMayPay(db: Db, facts: readonly AwardFact[]): Promise<boolean> {
  const byEvent = new Map<string, Set<AwardFact['kind']>>();
  for (const f of facts) byEvent.set(f.eventId, (byEvent.get(f.eventId) ?? new Set()).add(f.kind));
  for (const [eventId, kinds] of byEvent) if (await repo.anyTaskOfKinds(db, eventId, [...kinds])) return true;
  return false;
}

export const award = (tx: Db, fact: AwardFact): Promise<Award[]> => awardFacts(tx, [fact]);

/**
 * After the commit: the standings projection and boards (part 3's afterAwards), then `game.awarded`
 * to each player's user room with their new score.
 */
export async function announceAwards(
  deps: Pick<AppDeps, 'db' | 'realtime'> & Parameters<typeof afterAwards>[0],
  awards: readonly Award[],
): Promise<void> {
  if (awards.length === 0) return;
  await afterAwards(deps, awards);
  const users = await repo.userIdsOf(
    deps.db,
    awards.map((a) => a.participantId),
  );
  for (const a of awards) {
    const userId = users.get(a.participantId);
    if (!userId) continue;
    deps.realtime.emit(rooms.user(userId), 'game.awarded', {
      eventId: a.eventId,
      gameId: a.gameId,
      points: a.points,
      score: await repo.playerScore(deps.db, a.gameId, a.participantId),
      reason: a.reason,
      badges: a.badges,
    });
  }
}
