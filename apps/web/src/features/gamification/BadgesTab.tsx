import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BadgeIcon } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import {
  badgesPath,
  tasksPath,
  useAllOf,
  useRefreshGames,
  type BadgeRow,
  type GameRow,
  type TaskRow,
} from './api';
import { BadgeDialog } from './BadgeDialog';

const GLYPHS: Record<BadgeIcon, string> = {
  star: '★',
  trophy: '🏆',
  medal: '🏅',
  rocket: '🚀',
  heart: '♥',
  flag: '⚑',
  bolt: '⚡',
  crown: '♛',
};

/** The badge's icon on its colour (decorative: the row names the badge). */
export function BadgeMark({ icon, color }: { icon: BadgeIcon; color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 32,
        height: 32,
        borderRadius: '50%',
        background: color,
        color: '#fff',
        fontSize: 16,
      }}
    >
      {GLYPHS[icon]}
    </span>
  );
}

/** The game's badges: icon and colour, the number of tasks that earn it, how many players earned it. */
export function BadgesTab({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const path = badgesPath(eventId, game.id);
  const badges = useAllOf<BadgeRow>(path, { limit: 200, sort: 'position:asc' });
  const tasks = useAllOf<TaskRow>(tasksPath(eventId, game.id), { limit: 200, sort: 'position:asc' });
  const refresh = useRefreshGames(eventId);
  const [editing, setEditing] = useState<BadgeRow | 'new' | null>(null);
  const deleting = useDeleteDialog<BadgeRow>();
  const rows = badges.data?.records ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {t('badges.title')}
        </Title>
        <Button onClick={() => setEditing('new')} disabled={!tasks.data?.records.length}>
          {t('badges.add')}
        </Button>
      </Group>
      {tasks.data && tasks.data.records.length === 0 && <Text c="dimmed">{t('badges.needTasks')}</Text>}
      {badges.isPending ? (
        <Skeleton h={120} />
      ) : badges.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('form.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('badges.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('badges.columns.name')}</Table.Th>
                <Table.Th>{t('badges.columns.tasks')}</Table.Th>
                <Table.Th ta="right">{t('badges.columns.gameTasks')}</Table.Th>
                <Table.Th ta="right">{t('badges.columns.earned')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('tasks.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((badge) => (
                <Table.Tr key={badge.id} data-testid="badge-row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <BadgeMark icon={badge.icon} color={badge.color} />
                      <div>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {badge.name}
                        </Text>
                        {badge.description && (
                          <Text size="xs" c="dimmed">
                            {badge.description}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>{badge.tasks.map((task) => task.name).join(', ')}</Table.Td>
                  <Table.Td ta="right">{badge.gameTasks}</Table.Td>
                  <Table.Td ta="right">{badge.earnedCount}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={t('badges.edit', { name: badge.name })}
                        onClick={() => setEditing(badge)}
                      >
                        {t('form.edit')}
                      </Button>
                      <DeleteButton
                        label={t('badges.delete.button', { name: badge.name })}
                        onClick={() => deleting.open(badge)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <BadgeDialog
          eventId={eventId}
          gameId={game.id}
          badge={editing === 'new' ? null : editing}
          tasks={tasks.data?.records ?? []}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={path}
          id={deleting.record.id}
          title={t('badges.delete.title')}
          message={t('badges.delete.text', { name: deleting.record.name })}
          confirmLabel={t('games.delete.confirm')}
          successMessage={t('games.delete.deleted', { name: deleting.record.name })}
          onClose={() => {
            deleting.close();
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
