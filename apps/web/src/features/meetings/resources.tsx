import { Badge } from '@mantine/core';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, type ResourceDef } from '../../shared/list';
import {
  availablePath,
  intervalsPath,
  meetingsPath,
  type AvailableRow,
  type IntervalRow,
  type MeetingRow,
} from './api';

const STATUS_COLORS = { PENDING: 'yellow', ACCEPTED: 'teal', DECLINED: 'gray', CANCELLED: 'red' } as const;

/** Spec part 3 "Meetings": requester, invitee, day, time slot, meeting point, status, message, who booked. */
export function meetingsResource(eventId: string): ResourceDef<MeetingRow> {
  const t = i18next.getFixedT(null, 'meetings');
  return defineResource<MeetingRow>({
    key: `meetings-${eventId}`,
    path: meetingsPath(eventId),
    exportable: true,
    exportPath: `${meetingsPath(eventId)}/export`,
    searchPlaceholderKey: 'meetings:console.search',
    rowLabel: (m) => `${m.requester.userName} – ${m.invitee.userName}`,
    filters: [
      {
        kind: 'select',
        id: 'status',
        labelKey: 'meetings:console.filterStatus',
        options: (['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const).map((s) => ({
          value: s,
          labelKey: `meetings:status.${s}`,
        })),
      },
    ],
    columns: [
      {
        id: 'requester',
        header: 'meetings:console.columns.requester',
        sortField: 'requester',
        width: 200,
        exportField: 'requester',
        cell: (m) => m.requester.userName,
      },
      {
        id: 'invitee',
        header: 'meetings:console.columns.invitee',
        sortField: 'invitee',
        width: 200,
        exportField: 'invitee',
        cell: (m) => m.invitee.userName,
      },
      {
        id: 'date',
        header: 'meetings:console.columns.date',
        width: 120,
        exportField: 'date',
        cell: (m) => m.date,
      },
      {
        id: 'timeSlot',
        header: 'meetings:console.columns.timeSlot',
        sortField: 'startAt',
        width: 210,
        exportField: ['startAt', 'endAt', 'timeSlot'],
        cell: (m) => m.timeSlot,
      },
      {
        id: 'meetingPoint',
        header: 'meetings:console.columns.meetingPoint',
        width: 150,
        exportField: 'meetingPoint',
        cell: (m) => m.meetingPoint ?? '',
      },
      {
        id: 'status',
        header: 'meetings:console.columns.status',
        sortField: 'status',
        width: 120,
        exportField: 'status',
        cell: (m) => (
          <Badge variant="light" color={STATUS_COLORS[m.status]} style={{ textTransform: 'none' }}>
            {t(`status.${m.status}`)}
          </Badge>
        ),
      },
      {
        id: 'message',
        header: 'meetings:console.columns.message',
        width: 220,
        defaultVisible: false,
        exportField: 'message',
        cell: (m) => m.message,
      },
      {
        id: 'bookedBy',
        header: 'meetings:console.columns.bookedBy',
        width: 120,
        exportField: 'bookedBy',
        cell: (m) => t(`bookedBy.${m.bookedBy}`),
      },
      {
        id: 'createdAt',
        header: 'meetings:console.columns.createdAt',
        sortField: 'createdAt',
        width: 190,
        defaultVisible: false,
        exportField: 'createdAt',
        cell: (m) => <DateTime value={m.createdAt} />,
      },
    ],
  });
}

/** Spec part 3 "Meeting intervals": userName (full name, else e-mail), startAt, endAt, time slot. */
export function intervalsResource(eventId: string): ResourceDef<IntervalRow> {
  const t = i18next.getFixedT(null, 'meetings');
  return defineResource<IntervalRow>({
    key: `meeting-intervals-${eventId}`,
    path: intervalsPath(eventId),
    exportable: false,
    searchPlaceholderKey: 'meetings:console.searchIntervals',
    rowLabel: (w) => `${w.date} ${w.timeSlot}`,
    filters: [],
    columns: [
      {
        id: 'userName',
        header: 'meetings:console.columns.userName',
        sortField: 'userName',
        width: 200,
        cell: (w) => w.userName,
      },
      {
        id: 'startAt',
        header: 'meetings:console.columns.startAt',
        sortField: 'startAt',
        width: 220,
        cell: (w) => <DateTime value={w.startAt} />,
      },
      {
        id: 'endAt',
        header: 'meetings:console.columns.endAt',
        sortField: 'endAt',
        width: 220,
        cell: (w) => <DateTime value={w.endAt} />,
      },
      {
        id: 'timeSlot',
        header: 'meetings:console.columns.timeSlot',
        width: 260,
        cell: (w) => `${w.date} ${w.timeSlot}`,
      },
      {
        id: 'slotMinutes',
        header: 'meetings:console.columns.slotMinutes',
        sortField: 'slotMinutes',
        width: 170,
        align: 'right',
        cell: (w) => formatCount(w.slotMinutes, i18next.language),
      },
      {
        id: 'meetingPoints',
        header: 'meetings:console.columns.meetingPoints',
        width: 200,
        cell: (w) => w.meetingPoints.join(', '),
      },
      {
        id: 'bookableBy',
        header: 'meetings:console.columns.bookableBy',
        width: 180,
        cell: (w) =>
          w.bookableBy.type === 'EVERYONE'
            ? t('console.everyone')
            : w.bookableBy.labels.map((l) => l.name).join(', '),
      },
      {
        id: 'meetingCount',
        header: 'meetings:console.columns.meetingCount',
        width: 110,
        align: 'right',
        cell: (w) => formatCount(w.meetingCount, i18next.language),
      },
    ],
  });
}

/** Spec part 3 "Available users": participants who opted in (hidden profiles never). */
export function availableResource(eventId: string): ResourceDef<AvailableRow> {
  return defineResource<AvailableRow>({
    key: `meetings-available-${eventId}`,
    path: availablePath(eventId),
    exportable: false,
    searchPlaceholderKey: 'meetings:console.search',
    rowLabel: (p) => p.userName,
    getRowId: (p) => p.participantId,
    filters: [],
    columns: [
      {
        id: 'userName',
        header: 'meetings:console.columns.userName',
        sortField: 'userName',
        width: 240,
        cell: (p) => p.userName,
      },
      { id: 'jobTitle', header: 'meetings:console.columns.jobTitle', width: 200, cell: (p) => p.jobTitle },
      {
        id: 'company',
        header: 'meetings:console.columns.company',
        sortField: 'company',
        width: 200,
        cell: (p) => p.company,
      },
    ],
  });
}
