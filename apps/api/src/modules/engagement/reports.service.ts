import { MESSAGES, type ExportFormat } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { CSV_BOM, csvLines, xlsxFile, type SheetValue } from '../../platform/spreadsheets.js';
import * as answers from './answers.repo.js';
import { playerName } from './quiz.service.js';
import * as repo from './reports.repo.js';
import * as quiz from './quiz.repo.js';
import { findTool } from './results.repo.js';

/** The Engagement reports (spec part 9), each for its kind of tool. */
export const REPORTS = {
  'poll-results': { kind: 'POLL', title: 'Poll results' },
  qa: { kind: 'QA', title: 'Q&A' },
  'quiz-results': { kind: 'QUIZ', title: 'Quiz results' },
  'survey-results': { kind: 'SURVEY', title: 'Survey results' },
} as const;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

export const WRONG_REPORT = 'This report is not for this kind of tool';
export const ANONYMOUS = 'Anonymous';

export interface Report {
  filename: string;
  title: string;
  rows: SheetValue[][];
}

/** Reads the report's rows (header first). Anonymous answers and questions carry no name nor e-mail. */
export async function buildReport(
  db: Db,
  access: EventAccess,
  toolId: string,
  name: ReportName,
): Promise<Report> {
  const tool = await findTool(db, access.event.id, toolId);
  if (!tool) throw notFound();
  const report = REPORTS[name];
  if (tool.type !== report.kind) throw fieldsError({ report: WRONG_REPORT });
  const rows =
    name === 'qa'
      ? await qaRows(db, tool.id)
      : name === 'quiz-results'
        ? await quizRows(db, tool.id)
        : await answerRows(db, tool.id);
  const slug =
    tool.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'tool';
  return { filename: `${name}-${slug}-${new Date().toISOString().slice(0, 10)}`, title: report.title, rows };
}

/** Poll and survey results: one row per participant and instance, a column per question ('No response' when left empty). */
async function answerRows(db: Db, toolId: string): Promise<SheetValue[][]> {
  const [questions, instances, rows] = await Promise.all([
    answers.toolQuestions(db, toolId),
    repo.toolInstances(db, toolId),
    repo.toolAnswers(db, toolId),
  ]);
  const sessionOf = new Map(instances.map((i) => [i.id, i.sessionName]));
  const byRespondent = new Map<string, repo.AnswerReportRow[]>();
  for (const r of rows) {
    const key = `${r.instanceId}|${r.participantId}`;
    byRespondent.set(key, [...(byRespondent.get(key) ?? []), r]);
  }
  const header = ['Session', 'Participant', 'E-mail', 'Submitted at', ...questions.map((q) => q.text)];
  const out: SheetValue[][] = [header];
  for (const group of byRespondent.values()) {
    const first = group[0]!;
    const anonymous = group.some((r) => r.anonymous);
    const cells = questions.map((q) => {
      const a = group.find((r) => r.questionId === q.id);
      if (!a) return MESSAGES.noResponse;
      if (q.type === 'RADIOBOX' || q.type === 'CHECKBOX')
        return q.options
          .filter((o) => a.optionIds.includes(o.id))
          .map((o) => o.label)
          .join('; ');
      if (q.type === 'LINEAR_SCALE') return a.value;
      return a.text ?? MESSAGES.noResponse;
    });
    out.push([
      sessionOf.get(first.instanceId) ?? '',
      anonymous ? ANONYMOUS : first.name,
      anonymous ? null : first.email,
      group.reduce((d, r) => (r.createdAt > d ? r.createdAt : d), first.createdAt),
      ...cells,
    ]);
  }
  return out;
}

/** Quiz results: per instance, every player by rank with points per question. */
async function quizRows(db: Db, toolId: string): Promise<SheetValue[][]> {
  const [questions, instances] = await Promise.all([
    answers.toolQuestions(db, toolId),
    repo.toolInstances(db, toolId),
  ]);
  const out: SheetValue[][] = [
    [
      'Session',
      'Rank',
      'Participant',
      'E-mail',
      'Points',
      'Correct answers',
      ...questions.map((q) => q.text),
    ],
  ];
  for (const instance of instances) {
    const [board, points] = await Promise.all([
      quiz.leaderboard(db, instance.id, null),
      quiz.pointsByQuestion(db, instance.id),
    ]);
    for (const e of board)
      out.push([
        instance.sessionName,
        e.rank,
        e.anonymous ? playerName(e.playerNumber) : e.name,
        e.anonymous ? null : e.email,
        e.points,
        e.correct,
        ...questions.map(
          (q) =>
            points.find((p) => p.participantId === e.participantId && p.questionId === q.id)?.points ??
            MESSAGES.noResponse,
        ),
      ]);
  }
  return out;
}

async function qaRows(db: Db, toolId: string): Promise<SheetValue[][]> {
  const rows = await repo.qaQuestions(db, toolId);
  return [
    [
      'Session',
      'Question',
      'Asked by',
      'E-mail',
      'Status',
      'Upvotes',
      'Answered',
      'Highlighted',
      'Asked at',
      'Replies',
    ],
    ...rows.map((r) => [
      r.sessionName,
      r.text,
      r.anonymous ? ANONYMOUS : r.name,
      r.anonymous ? null : r.email,
      r.status,
      r.upvoteCount,
      r.answered ? 'Yes' : 'No',
      r.highlighted ? 'Yes' : 'No',
      r.createdAt,
      r.replies ?? '',
    ]),
  ];
}

/** The file: CSV (UTF-8 with BOM) or XLSX, every cell through the platform's spreadsheet writer. */
export async function reportFile(report: Report, format: ExportFormat): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(CSV_BOM + csvLines(report.rows), 'utf8');
  const [header = [], ...rows] = report.rows;
  return xlsxFile((book) => {
    const sheet = book.sheet(report.title.replace(/[^A-Za-z0-9 ]/g, ' ').trim() || 'Report');
    sheet.columns(
      header.map((h) => ({
        header: String(h ?? ''),
        width: Math.min(60, Math.max(12, String(h).length + 2)),
      })),
    );
    for (const row of rows) sheet.addRow(row);
  });
}
