import { EXPORT_FORMATS } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import { fileResponse } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import { SPREADSHEET_CONTENT_TYPES } from '../../platform/spreadsheets.js';
import { errors, TAG, toolParams } from './engagement.http.js';
import { buildReport, REPORT_NAMES, reportFile } from './reports.service.js';

/** The four Engagement reports as CSV or XLSX, available while the tool's sessions are still live. */
export function reportRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  app.get(
    '/events/:eventId/engagement-tools/:toolId/reports/:report',
    {
      schema: {
        tags: [TAG],
        summary: 'Engagement report (poll results, Q&A, quiz results, survey results)',
        description:
          'CSV (UTF-8 with BOM) or XLSX of the tool’s answers over all its instances, whenever asked (also while instances are OPEN). ' +
          "poll-results and survey-results: a row per participant and instance, a column per question ('No response' when left empty); " +
          'quiz-results: players by rank with points per question; qa: every question with status, upvotes and replies. ' +
          "Anonymous answers and questions carry no name nor e-mail ('Anonymous'; 'Player <n>' in quizzes). " +
          'The report must match the tool’s kind (400 on `report`). Event admins and moderators; participants 403; another event’s tool or another tenant: 404.',
        params: toolParams.extend({ report: z.enum(REPORT_NAMES as [string, ...string[]]) }),
        querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }),
        response: {
          200: {
            description: 'The file (Content-Disposition: attachment)',
            content: {
              'text/csv': fileResponse('text/csv').content['text/csv'],
              [SPREADSHEET_CONTENT_TYPES.xlsx]: { schema: z.string() },
            },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { eventId, toolId, report } = request.params;
      const access = await eventAccess(db, request, eventId, 'read');
      const built = await buildReport(db, access, toolId, report as (typeof REPORT_NAMES)[number]);
      const format = request.query.format;
      const body = await reportFile(built, format);
      return reply
        .type(SPREADSHEET_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${built.filename}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
