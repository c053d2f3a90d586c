import { Button, Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { importPath } from '../data-import';
import {
  tasksPath,
  useAllOf,
  useRefreshGames,
  type AssignedPointsRow,
  type GameRow,
  type TaskRow,
} from './api';
import { assignedPointsResource } from './assignedPointsResource';
import { AssignPointsDialog } from './AssignPointsDialog';

/** The game page's Assigned points tab: the list (search, sort, export), assign by hand, import, take back. */
export function PointsTab({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const resource = useMemo(() => assignedPointsResource(eventId, game.id), [eventId, game.id]);
  const tasks = useAllOf<TaskRow>(tasksPath(eventId, game.id), { limit: 200, sort: 'position:asc' });
  const refresh = useRefreshGames(eventId);
  const [assigning, setAssigning] = useState(false);
  const deleting = useDeleteDialog<AssignedPointsRow>();
  const actions = (
    <Group gap="sm">
      <Button variant="default" component={Link} to={importPath('GameTaskPoint')}>
        {t('points.import')}
      </Button>
      <Button onClick={() => setAssigning(true)}>{t('points.assign')}</Button>
    </Group>
  );
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('points.intro')}
      </Text>
      <ResourceListPage
        resource={resource}
        title={t('points.title')}
        section
        actions={actions}
        rowActions={(row) => (
          <RowActions>
            <DeleteButton
              label={t('points.delete.button', { points: row.points, name: row.participantName })}
              onClick={() => deleting.open(row)}
            />
          </RowActions>
        )}
        empty={{ title: t('points.empty'), description: t('points.emptyText') }}
      />
      {assigning && (
        <AssignPointsDialog
          eventId={eventId}
          gameId={game.id}
          tasks={tasks.data?.records ?? []}
          onClose={() => setAssigning(false)}
          onSaved={refresh}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('points.delete.title')}
          message={t('points.delete.text', {
            points: deleting.record.points,
            name: deleting.record.participantName,
            reason: deleting.record.reason,
          })}
          confirmLabel={t('points.delete.confirm')}
          successMessage={t('points.delete.done')}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
