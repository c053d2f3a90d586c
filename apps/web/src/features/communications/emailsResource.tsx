import { Badge } from '@mantine/core';
import { EMAIL_CATEGORIES, EMAIL_STATUSES, type EmailLogEntry } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, type ResourceDef } from '../../shared/list';

export const EMAIL_STATUS_COLORS = {
  QUEUED: 'gray',
  SENT: 'teal',
  DEFERRED: 'yellow',
  FAILED: 'red',
  BOUNCED: 'orange',
} as const;

/** `events/{id}/emails` (the event's admins) or `emails` (every e-mail: super admins). */
export const emailsPath = (eventId: string | null) =>
  eventId === null ? 'emails' : `events/${encodeURIComponent(eventId)}/emails`;

/** The e-mail log (issue 14): recipient, subject, category, status, queued and sent times. */
export function emailsResource(eventId: string | null): ResourceDef<EmailLogEntry> {
  const t = i18next.getFixedT(null, 'communications');
  const path = emailsPath(eventId);
  return defineResource<EmailLogEntry>({
    key: eventId === null ? 'emails' : `emails-${eventId}`,
    path,
    exportable: eventId !== null,
    exportPath: `${path}/export`,
    searchPlaceholderKey: 'communications:emails.search',
    rowLabel: (e) => `${e.to}: ${e.subject}`,
    filters: [
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'communications:emails.filterStatus',
        options: EMAIL_STATUSES.map((s) => ({ value: s, labelKey: `communications:emails.status.${s}` })),
      },
      {
        kind: 'multiselect',
        id: 'category',
        labelKey: 'communications:emails.filterCategory',
        options: EMAIL_CATEGORIES.map((c) => ({ value: c, labelKey: `communications:emails.category.${c}` })),
      },
      { kind: 'date-range', id: 'queuedAt', labelKey: 'communications:emails.filterQueuedAt', more: true },
    ],
    columns: [
      {
        id: 'to',
        header: 'communications:emails.columns.to',
        sortField: 'to',
        exportField: 'to',
        width: 240,
        cell: (e) => e.to,
      },
      {
        id: 'subject',
        header: 'communications:emails.columns.subject',
        sortField: 'subject',
        exportField: 'subject',
        width: 320,
        cell: (e) => e.subject,
      },
      {
        id: 'category',
        header: 'communications:emails.columns.category',
        sortField: 'category',
        exportField: 'category',
        width: 140,
        cell: (e) => t(`emails.category.${e.category}`),
      },
      {
        id: 'status',
        header: 'communications:emails.columns.status',
        sortField: 'status',
        exportField: 'status',
        width: 120,
        cell: (e) => (
          <Badge variant="light" color={EMAIL_STATUS_COLORS[e.status]} style={{ textTransform: 'none' }}>
            {t(`emails.status.${e.status}`)}
          </Badge>
        ),
      },
      {
        id: 'queuedAt',
        header: 'communications:emails.columns.queuedAt',
        sortField: 'queuedAt',
        exportField: 'queuedAt',
        width: 190,
        cell: (e) => <DateTime value={e.queuedAt} />,
      },
      {
        id: 'sentAt',
        header: 'communications:emails.columns.sentAt',
        sortField: 'sentAt',
        exportField: 'sentAt',
        width: 190,
        cell: (e) => (e.sentAt ? <DateTime value={e.sentAt} /> : ''),
      },
      {
        id: 'error',
        header: 'communications:emails.columns.error',
        exportField: 'error',
        defaultVisible: false,
        width: 260,
        cell: (e) => e.error ?? '',
      },
    ],
  });
}
