import type { AwardFact } from '@plenary/domain';
import { awardFacts, insertAssigned } from '../modules/gamification/awards.seed.js';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import * as repo from './game-points.repo.js';

const ASSIGNED_REASONS = [
  'Helped at the registration desk',
  'Best question of the keynote',
  'Late to the workshop',
];
const ASSIGNED_POINTS = [15, 10, -5];

/** Points already earned in the demo games, through the award function (idempotent), and a few assigned points. */
export async function seedGamePoints({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  for (const game of await repo.demoGames(db)) {
    const facts = await demoFactsOf(db, game.eventId);
    await db.transaction().execute(async (tx) => {
      await awardFacts(tx, facts);
      if (await repo.hasAssignedPoints(tx, game.id)) return;
      const people = (await repo.eventParticipants(tx, game.eventId)).filter(
        (p) => p.email !== DEMO_PARTICIPANT_EMAIL,
      );
      for (const [i, reason] of ASSIGNED_REASONS.entries()) {
        const person = people[i * 2];
        if (!person) break;
        const points = ASSIGNED_POINTS[i] ?? 5;
        await insertAssigned(tx, {
          gameId: game.id,
          eventId: game.eventId,
          participantId: person.id,
          taskId: null,
          points,
          reason,
          createdBy: null,
        });
      }
    });
  }
}

/**
 * The demo's real facts (check-ins, card contacts, QR scans) plus profile completion and app installs for a
 * stable share of the participants, so the board has a spread and ties. Occurred an hour ago: inside the games' window.
 */
async function demoFactsOf(db: Parameters<typeof repo.demoFacts>[0], eventId: string): Promise<AwardFact[]> {
  const occurredAt = new Date(Date.now() - 60 * 60_000).toISOString();
  const fact = (participantId: string, kind: AwardFact['kind'], targetKey: string): AwardFact => ({
    eventId,
    participantId,
    kind,
    targetKey,
    occurredAt,
    sourceEventId: null,
  });
  const { checkIns, contacts, scans } = await repo.demoFacts(db, eventId);
  const people = await repo.eventParticipants(db, eventId);
  const synthetic = people
    .slice(0, 24)
    .flatMap((p, i) => [
      ...(i % 2 === 0 || p.email === DEMO_PARTICIPANT_EMAIL ? [fact(p.id, 'POPULATE_PROFILE', '')] : []),
      ...(i % 3 === 0 ? [fact(p.id, 'DOWNLOAD_APP', '')] : []),
    ]);
  return [
    ...checkIns.map((c) => fact(c.participantId, 'ATTEND_SESSION', c.sessionId)),
    ...contacts.map((c) => fact(c.ownerParticipantId, 'BUSINESS_CARD_EXCHANGE', c.contactParticipantId)),
    ...scans.map((s) => fact(s.participantId, 'SCAN_QR', s.codeId)),
    ...synthetic,
  ];
}
