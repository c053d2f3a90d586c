import type { Db } from '../platform/db/index.js';
import { DEMO_GAME_NAME, DEMO_TEAM_GAME_NAME } from './gamification.repo.js';

/** The demo games (quest and team cup) of the demo event, with their event id. */
export async function demoGames(db: Db): Promise<{ id: string; eventId: string; name: string }[]> {
  return db
    .selectFrom('games')
    .select(['id', 'eventId', 'name'])
    .where('name', 'in', [DEMO_GAME_NAME, DEMO_TEAM_GAME_NAME])
    .orderBy('name')
    .execute();
}

/** The facts already in the demo for one event: check-ins, card contacts and custom QR scans. */
export async function demoFacts(db: Db, eventId: string) {
  const [checkIns, contacts, scans] = await Promise.all([
    db
      .selectFrom('sessionCheckIns')
      .select(['participantId', 'sessionId'])
      .where('eventId', '=', eventId)
      .orderBy('participantId')
      .execute(),
    db
      .selectFrom('businessCardContacts')
      .select(['ownerParticipantId', 'contactParticipantId'])
      .where('eventId', '=', eventId)
      .execute(),
    db
      .selectFrom('qrScans')
      .select(['participantId', 'codeId'])
      .where('eventId', '=', eventId)
      .where('codeType', '=', 'CUSTOM_QR_CODE')
      .execute(),
  ]);
  return { checkIns, contacts, scans };
}

/** The event's participants in a stable order, with their e-mail. */
export async function eventParticipants(db: Db, eventId: string): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('participants')
    .select(['id', 'email'])
    .where('eventId', '=', eventId)
    .orderBy('email')
    .execute();
}

export async function hasAssignedPoints(db: Db, gameId: string): Promise<boolean> {
  const row = await db
    .selectFrom('gameAssignedPoints')
    .select('id')
    .where('gameId', '=', gameId)
    .executeTakeFirst();
  return row !== undefined;
}
