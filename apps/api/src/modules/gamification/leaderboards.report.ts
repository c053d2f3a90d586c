import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { MAX_EXPORT_ROWS, type Standing } from '@plenary/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { CSV_BOM, csvLines, xlsxStream, type SheetValue } from '../../platform/spreadsheets.js';
import * as repo from './standings.repo.js';

/**
 * The gamifications report (spec part 9 report type "gamifications"): the standings (rank, name,
 * e-mail, team, score, badges, opted out) and the awards (every ledger row in time order: when,
 * player, e-mail, task or reason, points). XLSX: one sheet each; CSV: both tables one after the
 * other, each under its title. Streamed in batches: a game of 100,000 players is never held in memory.
 */
const STANDINGS_HEADER = ['Rank', 'Name', 'E-mail', 'Team', 'Score', 'Badges', 'Opted out'];
const AWARDS_HEADER = ['When', 'Name', 'E-mail', 'Task or reason', 'Kind', 'Points'];
const BATCH = 1000;

const standingCells = (s: Standing): SheetValue[] => [
  s.rank,
  s.name,
  s.email,
  s.teamName ?? '',
  s.score,
  s.badges,
  s.optedOut ? 'Yes' : 'No',
];
const awardCells = (a: repo.AwardRow): SheetValue[] => [
  a.awardedAt,
  a.name,
  a.email,
  a.what,
  a.kind === 'TASK' ? 'Task' : 'Assigned points',
  a.points,
];

async function* standingBatches(db: Db, gameId: string): AsyncGenerator<SheetValue[][]> {
  const query = { page: 1, limit: BATCH, sort: 'rank:asc' } as Parameters<typeof repo.standingsList.rows>[2];
  for await (const batch of repo.standingsList.rows(db, { gameId }, query, { max: MAX_EXPORT_ROWS }))
    yield batch.map(standingCells);
}

async function* awardBatches(db: Db, gameId: string): AsyncGenerator<SheetValue[][]> {
  let after: { at: Date; id: string } | undefined;
  for (let sent = 0; sent < MAX_EXPORT_ROWS;) {
    const rows = await repo.awardsAfter(db, gameId, after, BATCH);
    if (rows.length === 0) return;
    yield rows.map(awardCells);
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    after = { at: last.awardedAt, id: last.id };
    if (rows.length < BATCH) return;
  }
}

async function* csvChunks(db: Db, gameId: string): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLines([['Standings'], STANDINGS_HEADER])}`;
  for await (const rows of standingBatches(db, gameId)) yield csvLines(rows);
  yield csvLines([[], ['Awards'], AWARDS_HEADER]);
  for await (const rows of awardBatches(db, gameId)) yield csvLines(rows);
}

function xlsx(db: Db, gameId: string, log: FastifyBaseLogger): Readable {
  const out = new PassThrough();
  const book = xlsxStream(out);
  void (async () => {
    const sheets: Array<[string, string[], AsyncGenerator<SheetValue[][]>, number[]]> = [
      ['Standings', STANDINGS_HEADER, standingBatches(db, gameId), [8, 30, 34, 20, 10, 8, 10]],
      ['Awards', AWARDS_HEADER, awardBatches(db, gameId), [20, 30, 34, 40, 16, 8]],
    ];
    for (const [name, header, batches, widths] of sheets) {
      const sheet = book.sheet(name);
      sheet.columns(
        header.map((h, i) => ({
          header: h,
          width: widths[i],
          ...(h === 'When' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
        })),
      );
      for await (const rows of batches) {
        for (const row of rows) sheet.addRow(row);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
    }
    await book.commit();
  })().catch((err: unknown) => {
    log.error({ err }, 'gamifications report failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

export async function gamificationReport(
  db: Db,
  game: Pick<repo.GameScope, 'id'>,
  format: 'xlsx' | 'csv',
  log: FastifyBaseLogger,
): Promise<Readable> {
  return format === 'csv' ? Readable.from(csvChunks(db, game.id)) : xlsx(db, game.id, log);
}
