import { describe, it, expect } from 'vitest';
import {
  REPORT_GROUPS,
  REPORT_LABELS,
  REPORT_TYPES,
  REPORT_TYPES_BY_GROUP,
  reportGroupOf,
  reportTypeSchema,
} from './reports.js';

describe('report types (spec part 9)', () => {
  it('groups them as the spec does', () => {
    expect(REPORT_GROUPS).toEqual(['event', 'attendee', 'engagement', 'qr', 'hub', 'feedback']);
    expect(
      Object.fromEntries(
        REPORT_GROUPS.map((g) => [g, REPORT_TYPES_BY_GROUP[g].map((t) => REPORT_LABELS[t])]),
      ),
    ).toEqual({
      event: ['Downloaded app versions', 'Event accessed', 'Meetings', 'Gamifications'],
      attendee: ['Attendee photo', 'Enrollment (sessions and breakouts)', 'Magic links', 'Registration'],
      engagement: ['Poll results', 'Q&A', 'Quiz results', 'Survey results'],
      qr: ['Custom QR codes', 'Session QR codes'],
      hub: ['Attendees report', 'Attendees feedback report'],
      feedback: ['Feedback'],
    });
  });
  it('has 17 distinct types, each in one group', () => {
    expect(new Set(REPORT_TYPES).size).toBe(17);
    for (const group of REPORT_GROUPS)
      for (const type of REPORT_TYPES_BY_GROUP[group]) expect(reportGroupOf(type)).toBe(group);
  });
  it('validates', () => {
    expect(reportTypeSchema.safeParse('QUIZ_RESULTS').success).toBe(true);
    expect(reportTypeSchema.safeParse('quiz').success).toBe(false);
  });
});
