import type { LeaderboardSnapshot } from '@plenary/domain';

/** 'Amara Okafor' → 'AO', 'Cher' → 'C': the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * Whether a snapshot that just arrived replaces the one shown: snapshots of other games are
 * ignored, and an older one (a late answer to a GET racing a live message) never wins.
 */
export function isNewer(
  shown: Pick<LeaderboardSnapshot, 'updatedAt'> | undefined,
  incoming: Pick<LeaderboardSnapshot, 'updatedAt' | 'gameId'>,
  gameId: string,
): boolean {
  if (incoming.gameId !== gameId) return false;
  if (!shown) return true;
  return Date.parse(incoming.updatedAt) >= Date.parse(shown.updatedAt);
}

/** A board row as the motion sees it: players by participant id, teams by team id. */
export interface RankedRow {
  key: string;
  rank: number;
  score: number;
}

/** Rows whose score went up, who climbed, or who entered the board since the previous snapshot: they glow once. */
export function movedUp(previous: readonly RankedRow[] | undefined, next: readonly RankedRow[]): Set<string> {
  const moved = new Set<string>();
  if (!previous) return moved;
  const before = new Map(previous.map((r) => [r.key, r]));
  for (const r of next) {
    const was = before.get(r.key);
    if (!was || r.score > was.score || r.rank < was.rank) moved.add(r.key);
  }
  return moved;
}

/**
 * How many columns the top N take on a 1920×1080 screen so rows keep large type: 1 up to 8, 2 up
 * to 20, then 3 (a longer board scrolls). Next to the team standings, one (names stay readable).
 */
export function boardColumns(rows: number, withTeams: boolean): number {
  if (withTeams) return 1;
  if (rows <= 8) return 1;
  return rows <= 20 ? 2 : 3;
}
