import { z } from 'zod';

/** Spec part 9: report types by group. */
export const REPORT_TYPES_BY_GROUP = {
  event: ['DOWNLOADED_APP_VERSIONS', 'EVENT_ACCESSED', 'MEETINGS', 'GAMIFICATIONS'],
  attendee: ['ATTENDEE_PHOTO', 'ENROLLMENT', 'MAGIC_LINKS', 'REGISTRATION'],
  engagement: ['POLL_RESULTS', 'QA', 'QUIZ_RESULTS', 'SURVEY_RESULTS'],
  qr: ['CUSTOM_QR_CODES', 'SESSION_QR_CODES'],
  hub: ['HUB_ATTENDEES', 'HUB_ATTENDEES_FEEDBACK'],
  feedback: ['FEEDBACK'],
} as const;
export type ReportGroup = keyof typeof REPORT_TYPES_BY_GROUP;
export type ReportType = (typeof REPORT_TYPES_BY_GROUP)[ReportGroup][number];

export const REPORT_GROUPS = Object.keys(REPORT_TYPES_BY_GROUP) as ReportGroup[];
export const REPORT_TYPES = Object.values(REPORT_TYPES_BY_GROUP).flat() as ReportType[];
export const reportTypeSchema = z.enum(REPORT_TYPES as [ReportType, ...ReportType[]]);

export const REPORT_LABELS: Record<ReportType, string> = {
  DOWNLOADED_APP_VERSIONS: 'Downloaded app versions',
  EVENT_ACCESSED: 'Event accessed',
  MEETINGS: 'Meetings',
  GAMIFICATIONS: 'Gamifications',
  ATTENDEE_PHOTO: 'Attendee photo',
  ENROLLMENT: 'Enrollment (sessions and breakouts)',
  MAGIC_LINKS: 'Magic links',
  REGISTRATION: 'Registration',
  POLL_RESULTS: 'Poll results',
  QA: 'Q&A',
  QUIZ_RESULTS: 'Quiz results',
  SURVEY_RESULTS: 'Survey results',
  CUSTOM_QR_CODES: 'Custom QR codes',
  SESSION_QR_CODES: 'Session QR codes',
  HUB_ATTENDEES: 'Attendees report',
  HUB_ATTENDEES_FEEDBACK: 'Attendees feedback report',
  FEEDBACK: 'Feedback',
};

export function reportGroupOf(type: ReportType): ReportGroup {
  return (
    REPORT_GROUPS.find((g) => (REPORT_TYPES_BY_GROUP[g] as readonly ReportType[]).includes(type)) ??
    'feedback'
  );
}
