import { describe, expect, it } from 'vitest';
import {
  compareStandings,
  formatScore,
  rankPlayers,
  rankTeams,
  rawPoints,
  scoreOf,
  teamRaw,
} from './leaderboard.js';

const t = (minute: number) => new Date(Date.UTC(2031, 0, 1, 9, minute));
const p = (participantId: string, raw: number, minute: number) => ({
  participantId,
  raw,
  reachedAt: t(minute),
});

describe('scores in hundredths', () => {
  it('TOTAL counts ×100; WEIGHTED by the task’s weight (×1 without one); shown with at most two decimals', () => {
    expect(rawPoints(7, 'TOTAL_POINTS', 150)).toBe(700);
    expect(rawPoints(7, 'WEIGHTED_POINTS', 150)).toBe(1050);
    expect(rawPoints(7, 'WEIGHTED_POINTS', null)).toBe(700);
    expect(rawPoints(-3, 'WEIGHTED_POINTS', 133)).toBe(-399);
    expect(scoreOf(931)).toBe(9.31);
    expect(scoreOf(1000)).toBe(10);
    expect(formatScore(1234.5)).toBe('1,234.5');
    expect(formatScore(9.31)).toBe('9.31');
  });
});

describe('ranking', () => {
  it('higher score first; ties: the earlier reached-at, then participant id; every rank distinct', () => {
    const ranked = rankPlayers([
      p('b', 1000, 5),
      p('c', 1000, 3),
      p('a', 1000, 3),
      p('d', 3000, 9),
      p('e', 0, 1),
    ]);
    expect(ranked.map((r) => [r.rank, r.participantId])).toEqual([
      [1, 'd'],
      [2, 'a'],
      [3, 'c'],
      [4, 'b'],
      [5, 'e'],
    ]);
    expect(compareStandings(p('a', 1, 1), p('a', 1, 1))).toBe(0);
  });
});

describe('team aggregation', () => {
  it('SUM, MEAN (rounded to a hundredth) and TOP_K', () => {
    expect(teamRaw([1000, 1000, 500], 'SUM', 2)).toBe(2500);
    expect(teamRaw([1000, 1000, 500], 'MEAN', 2)).toBe(833);
    expect(teamRaw([500, 1000, 1000], 'TOP_K', 2)).toBe(2000);
    expect(teamRaw([], 'MEAN', 2)).toBe(0);
  });

  it('ranks every team, teams without points last in the game’s order; ties by the earlier counted reached-at', () => {
    const teams = [
      { teamId: 't1', name: 'Red', position: 0 },
      { teamId: 't2', name: 'Blue', position: 1 },
      { teamId: 't3', name: 'Green', position: 2 },
      { teamId: 't4', name: 'Empty', position: 3 },
    ];
    const players = [
      { ...p('a', 1000, 1), teamId: 't1' },
      { ...p('b', 500, 8), teamId: 't1' },
      { ...p('c', 1500, 4), teamId: 't2' },
      { ...p('d', 1500, 2), teamId: 't3' },
      { ...p('x', 9999, 0), teamId: null },
    ];
    expect(rankTeams(teams, players, 'SUM', 5).map((r) => [r.rank, r.name, r.score, r.members])).toEqual([
      [1, 'Green', 15, 1],
      [2, 'Blue', 15, 1],
      [3, 'Red', 15, 2],
      [4, 'Empty', 0, 0],
    ]);
    expect(rankTeams(teams, players, 'TOP_K', 1).map((r) => [r.name, r.score])).toEqual([
      ['Green', 15],
      ['Blue', 15],
      ['Red', 10],
      ['Empty', 0],
    ]);
    expect(rankTeams(teams, players, 'MEAN', 1).map((r) => [r.name, r.score])).toEqual([
      ['Green', 15],
      ['Blue', 15],
      ['Red', 7.5],
      ['Empty', 0],
    ]);
  });
});
