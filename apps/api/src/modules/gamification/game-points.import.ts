import {
  assignedDuplicateRow,
  assignPointsSchema,
  AWARD_MESSAGES,
  type ImportCellError,
  type ImportMapping,
} from '@plenary/domain';
import { column, errorsOf, textOf, type Cell } from '../../platform/import-tables/cells.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { importMappingOf, moveStagedToErrors } from '../../platform/import-tables/staged.repo.js';
import * as repo from './game-points-import.repo.js';
import { rebuildStandings } from './standings.js';

/**
 * The spec's `GameTaskPoint` table (xlsx): points assigned by hand, many at once. A row names a game
 * of the event (any case), a participant by e-mail, optionally a task of that game (its weight then
 * applies), the points (a whole number, not 0, ±100,000; negative takes away) and a reason. Each row
 * becomes one Assigned points record marked imported, with its ledger row; a row that repeats an
 * earlier one exactly is refused as a likely copy. The commit locks what the rows name; rows naming
 * what was deleted since verify get verify's message. After the commit the games' standings are
 * rebuilt (one read of the ledger per game, not one per row).
 */
const COLUMNS = [
  column('game', 'Game', {
    required: true,
    example: 'Northwind Quest',
    description: 'The name of a game of this event',
  }),
  column('email', 'Email', {
    required: true,
    identifies: true,
    type: 'EMAIL',
    example: 'jane.doe@example.com',
    description: 'A participant of this event',
  }),
  column('task', 'Task', {
    example: 'Visit the sponsor booths',
    description: 'Optional. A task of the game: its weight applies in weighted games',
  }),
  column('points', 'Points', {
    required: true,
    type: 'NUMBER',
    example: '10',
    description: 'A whole number, not 0; negative takes points away',
  }),
  column('reason', 'Reason', {
    required: true,
    example: 'Best question of the keynote',
    description: 'Shown to the participant with the points',
  }),
];

const key = (s: string) => s.trim().toLowerCase();

/** name → ids (several when the name is shared), by lower-cased name. */
function byName<T extends { id: string; name: string }>(
  rows: readonly T[],
  scope: (r: T) => string = () => '',
) {
  const map = new Map<string, string[]>();
  for (const r of rows) {
    const k = `${scope(r)}|${key(r.name)}`;
    map.set(k, [...(map.get(k) ?? []), r.id]);
  }
  return map;
}

/** A whole number from a typed xlsx cell or a text cell ('12', '-5'); NaN when it is not one. */
function pointsOf(cell: Cell | undefined): number | undefined {
  if (typeof cell === 'number') return cell;
  const text = textOf(cell);
  if (text === undefined) return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** The first message of a field's schema for a value, or undefined when it passes. */
function messageOf(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0]?.message;
}

interface Found {
  id?: string;
  error?: string;
}

function one(ids: string[] | undefined, unknown: string, ambiguous: string): Found {
  if (!ids || ids.length === 0) return { error: unknown };
  if (ids.length > 1) return { error: ambiguous };
  return { id: ids[0] };
}

export const gamePointsImport: ImportTableDef = {
  table: 'GameTaskPoint',
  keyColumn: 'email',
  duplicateMessage: assignedDuplicateRow,
  columns: async () => COLUMNS,
  async checker(ctx) {
    const { games, tasks, participants } = await repo.lookups(ctx.db, ctx.eventId);
    const gamesByName = byName(games);
    const tasksByName = byName(tasks, (t) => t.gameId);
    const people = new Map(participants.map((p) => [key(p.email), p.id]));
    return {
      check(cells: ReadonlyMap<string, Cell>): RowCheck {
        const gameName = textOf(cells.get('game'));
        const email = textOf(cells.get('email'));
        const taskName = textOf(cells.get('task'));
        const points = pointsOf(cells.get('points'));
        const reason = textOf(cells.get('reason'));
        const game =
          gameName === undefined
            ? { error: AWARD_MESSAGES.gameRequired }
            : one(
                gamesByName.get(`|${key(gameName)}`),
                AWARD_MESSAGES.gameUnknown,
                AWARD_MESSAGES.gameAmbiguous,
              );
        const participantId = email === undefined ? undefined : people.get(key(email));
        const task: Found =
          taskName === undefined || game.id === undefined
            ? {}
            : one(
                tasksByName.get(`${game.id}|${key(taskName)}`),
                AWARD_MESSAGES.taskNameUnknown,
                AWARD_MESSAGES.taskNameAmbiguous,
              );
        const errors = errorsOf({
          game: game.error,
          email:
            email === undefined
              ? AWARD_MESSAGES.emailRequired
              : participantId === undefined
                ? AWARD_MESSAGES.emailUnknown
                : undefined,
          task: task.error,
          points:
            points === undefined
              ? AWARD_MESSAGES.pointsRequired
              : Number.isNaN(points)
                ? AWARD_MESSAGES.pointsInteger
                : messageOf(assignPointsSchema.shape.points, points),
          reason: messageOf(assignPointsSchema.shape.reason, reason ?? ''),
        });
        if (Object.keys(errors).length > 0 || !game.id || !participantId || points === undefined || !reason)
          return { ok: false, errors };
        const data: Record<string, unknown> = { gameId: game.id, participantId, points, reason };
        if (task.id) data.taskId = task.id;
        return {
          ok: true,
          key: [game.id, participantId, task.id ?? '', points, key(reason)].join('|'),
          data,
        };
      },
    };
  },
  async commit(tx, ctx) {
    const gone = await repo.lockAndFindGone(tx, ctx.eventId, ctx.importId);
    if (gone.length > 0) {
      const mapping = await importMappingOf(tx, ctx.importId);
      await moveStagedToErrors(
        tx,
        ctx.importId,
        gone.map((row) => ({
          rowNumber: row.rowNumber,
          cells: row.cells ?? [],
          errors: goneErrors(row, mapping),
        })),
      );
    }
    const { created, gameIds } = await repo.insertStagedPoints(tx, ctx.eventId, ctx.importId, ctx.actor);
    return {
      created,
      updated: 0,
      notify: async (after) => {
        for (const gameId of gameIds) await rebuildStandings(after, gameId);
      },
    };
  },
};

/** Verify's message for each part of a staged row deleted since. */
function goneErrors(row: repo.StagedPoints, mapping: ImportMapping): ImportCellError[] {
  const cell = (column: string, message: string): ImportCellError => {
    const header = mapping[column] ?? null;
    const value = header === null ? null : (row.cells?.find(([h]) => h === header)?.[1] ?? null);
    return { column, header, value, message };
  };
  return [
    ...(row.gameGone ? [cell('game', AWARD_MESSAGES.gameUnknown)] : []),
    ...(row.participantGone ? [cell('email', AWARD_MESSAGES.emailUnknown)] : []),
    ...(row.taskGone && !row.gameGone ? [cell('task', AWARD_MESSAGES.taskNameUnknown)] : []),
  ];
}
