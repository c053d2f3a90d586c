import i18next from 'i18next';
import { DateTime, defineResource, YesNo, type ResourceDef } from '../../shared/list';
import { assignedPointsPath, type AssignedPointsRow } from './api';

/** A game's Assigned points: who, how many (negative in red), why, under which task, by whom, when. */
export function assignedPointsResource(eventId: string, gameId: string): ResourceDef<AssignedPointsRow> {
  const path = assignedPointsPath(eventId, gameId);
  const t = i18next.getFixedT(null, 'gamification');
  return defineResource<AssignedPointsRow>({
    key: 'game-assigned-points',
    path,
    exportPath: `${path}/export`,
    searchPlaceholderKey: 'gamification:points.search',
    rowLabel: (r) => `${r.participantName}: ${r.points}`,
    columns: [
      {
        id: 'participantName',
        header: 'gamification:points.columns.participant',
        sortField: 'participantName',
        exportField: 'participantName',
        width: 180,
        cell: (r) => r.participantName,
      },
      {
        id: 'participantEmail',
        header: 'gamification:points.columns.email',
        sortField: 'participantEmail',
        exportField: 'participantEmail',
        width: 220,
        cell: (r) => r.participantEmail,
      },
      {
        id: 'points',
        header: 'gamification:points.columns.points',
        sortField: 'points',
        exportField: 'points',
        width: 100,
        align: 'right',
        cell: (r) => (
          <span style={{ fontWeight: 600, color: r.points < 0 ? 'var(--mantine-color-red-9)' : undefined }}>
            {r.points > 0 ? `+${r.points}` : r.points}
          </span>
        ),
      },
      {
        id: 'reason',
        header: 'gamification:points.columns.reason',
        sortField: 'reason',
        exportField: 'reason',
        width: 240,
        cell: (r) => r.reason,
      },
      {
        id: 'taskName',
        header: 'gamification:points.columns.task',
        sortField: 'taskName',
        exportField: 'taskName',
        width: 150,
        cell: (r) => r.taskName ?? t('points.noTask'),
      },
      {
        id: 'createdBy',
        header: 'gamification:points.columns.createdBy',
        exportField: 'createdBy',
        width: 160,
        cell: (r) => r.createdBy,
      },
      {
        id: 'imported',
        header: 'gamification:points.columns.imported',
        exportField: 'imported',
        width: 100,
        cell: (r) => <YesNo value={r.imported} />,
      },
      {
        id: 'createdAt',
        header: 'gamification:points.columns.createdAt',
        sortField: 'createdAt',
        exportField: 'createdAt',
        width: 190,
        cell: (r) => <DateTime value={r.createdAt} />,
      },
    ],
  });
}
