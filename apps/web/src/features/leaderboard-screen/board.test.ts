import { describe, expect, it } from 'vitest';
import { boardColumns, initialsOf, isNewer, movedUp, type RankedRow } from './board';

const GAME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function entry(n: number, score: number, rank = n): RankedRow {
  return { rank, key: `player-${n}`, score };
}

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Amara Okafor')).toBe('AO');
    expect(initialsOf('  jean   paul  sartre ')).toBe('JS');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('')).toBe('');
    expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
  });
});

describe('isNewer', () => {
  const at = (iso: string, gameId = GAME) => ({ gameId, updatedAt: iso });
  it('takes the first snapshot and later ones, never an older one or another game', () => {
    expect(isNewer(undefined, at('2026-11-26T10:00:00.000Z'), GAME)).toBe(true);
    expect(isNewer(at('2026-11-26T10:00:00.000Z'), at('2026-11-26T10:00:01.000Z'), GAME)).toBe(true);
    expect(isNewer(at('2026-11-26T10:00:01.000Z'), at('2026-11-26T10:00:01.000Z'), GAME)).toBe(true);
    expect(isNewer(at('2026-11-26T10:00:01.000Z'), at('2026-11-26T10:00:00.000Z'), GAME)).toBe(false);
    expect(isNewer(undefined, at('2026-11-26T10:00:00.000Z', OTHER), GAME)).toBe(false);
  });
  it('compares instants, not text (offsets)', () => {
    expect(isNewer(at('2026-11-26T11:00:00.000+01:00'), at('2026-11-26T10:00:00.500Z'), GAME)).toBe(true);
  });
});

describe('movedUp', () => {
  it('flags players who gained points, climbed, or entered the board', () => {
    const before = [entry(1, 30), entry(2, 20), entry(3, 10)];
    const after = [entry(2, 35, 1), entry(1, 30, 2), entry(4, 12, 3)];
    const moved = movedUp(before, after);
    expect([...moved].sort()).toEqual(['player-2', 'player-4'].sort());
  });
  it('flags nothing on the first snapshot or when nothing changed', () => {
    expect(movedUp(undefined, [entry(1, 5)]).size).toBe(0);
    expect(movedUp([entry(1, 5)], [entry(1, 5)]).size).toBe(0);
  });
});

describe('boardColumns', () => {
  it('keeps one big column for short boards and spreads longer ones', () => {
    expect(boardColumns(3, false)).toBe(1);
    expect(boardColumns(8, false)).toBe(1);
    expect(boardColumns(10, false)).toBe(2);
    expect(boardColumns(20, false)).toBe(2);
    expect(boardColumns(50, false)).toBe(3);
    expect(boardColumns(10, true)).toBe(1);
    expect(boardColumns(20, true)).toBe(1);
  });
});
