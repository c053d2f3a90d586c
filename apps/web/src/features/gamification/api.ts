import type { gameSchema } from '@plenary/domain';
import type { z } from 'zod';

/** A game as the API sends it (timestamps as ISO text). */
export type GameRow = z.input<typeof gameSchema>;

const enc = encodeURIComponent;
export const gamesPath = (eventId: string) => `events/${enc(eventId)}/gamifications`;
export const gameCopyPath = (eventId: string, gameId: string) => `${gamesPath(eventId)}/${enc(gameId)}/copy`;
export const GAMES_ROUTE = '/engagement/gamification';
