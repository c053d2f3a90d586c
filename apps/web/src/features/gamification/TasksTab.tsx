import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { TASK_KIND_LABELS } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { toast } from '../../shared/ui/toast';
import { taskOrderPath, tasksPath, useAllOf, useRefreshGames, type GameRow, type TaskRow } from './api';
import { TaskDialog } from './TaskDialog';

const ORDER = { limit: 200, sort: 'position:asc' } as const;

function Arrow({ up }: { up: boolean }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden
    >
      <path d={up ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M19 12l-7 7-7-7'} />
    </svg>
  );
}

/** What a task pays: points once, or per sub-task up to the limit. */
function pointsText(task: TaskRow, t: (k: string, o?: Record<string, unknown>) => string) {
  if (task.type === 'COMPLETION') return t('tasks.pointsOnce', { points: task.points });
  const per = t('tasks.pointsEach', { points: task.pointsPerSubTask ?? 0 });
  return task.tasksPointsLimit === null
    ? per
    : `${per}, ${t('tasks.limitOf', { limit: task.tasksPointsLimit })}`;
}

/** The game's tasks in order: add, edit, delete, and Move up / Move down buttons (keyboard) or drag a row (pointer) → PUT …/tasks/order. */
export function TasksTab({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const path = tasksPath(eventId, game.id);
  const tasks = useAllOf<TaskRow>(path, ORDER);
  const refresh = useRefreshGames(eventId);
  const [editing, setEditing] = useState<TaskRow | 'new' | null>(null);
  const [moving, setMoving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const deleting = useDeleteDialog<TaskRow>();
  const weighted = game.scoring === 'WEIGHTED_POINTS';
  const rows = tasks.data?.records ?? [];

  const save = async (ids: string[], task: TaskRow, focus: () => void) => {
    setMoving(true);
    try {
      await apiFetch(taskOrderPath(eventId, game.id), { method: 'PUT', body: { taskIds: ids } });
      await refresh();
      setAnnounce(
        t('tasks.moved', { name: task.name, position: ids.indexOf(task.id) + 1, count: ids.length }),
      );
      requestAnimationFrame(focus);
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('tasks.moveFailed'));
      await refresh();
    } finally {
      setMoving(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const task = rows[index];
    if (!task || to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[index], ids[to]] = [ids[to] as string, ids[index] as string];
    // The pressed button may vanish at the top or bottom: keep the focus on the moved task's row.
    void save(ids, task, () => {
      const button = document.querySelector<HTMLButtonElement>(
        `[data-task="${task.id}"][data-move="${by < 0 ? 'up' : 'down'}"]:not([disabled])`,
      );
      (
        button ?? document.querySelector<HTMLButtonElement>(`[data-task="${task.id}"]:not([disabled])`)
      )?.focus();
    });
  };

  /** Pointer users drag a row onto another: it takes that row's place (the buttons do the same by keyboard). */
  const drop = (to: number) => {
    const from = dragged;
    setDragged(null);
    const task = from === null ? undefined : rows[from];
    if (from === null || !task || from === to) return;
    const ids = rows.map((r) => r.id).filter((id) => id !== task.id);
    ids.splice(to, 0, task.id);
    void save(ids, task, () => undefined);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {t('tasks.title')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('tasks.add')}</Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announce}
      </VisuallyHidden>
      {tasks.isPending ? (
        <Skeleton h={160} />
      ) : tasks.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('form.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('tasks.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tasks.columns.order')}</Table.Th>
                <Table.Th>{t('tasks.columns.name')}</Table.Th>
                <Table.Th>{t('tasks.columns.kind')}</Table.Th>
                <Table.Th>{t('tasks.columns.type')}</Table.Th>
                <Table.Th>{t('tasks.columns.points')}</Table.Th>
                <Table.Th ta="right">{t('tasks.columns.tasksPointsCount')}</Table.Th>
                {weighted && <Table.Th ta="right">{t('tasks.columns.weight')}</Table.Th>}
                <Table.Th>
                  <VisuallyHidden>{t('tasks.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((task, index) => (
                <Table.Tr
                  key={task.id}
                  data-testid="task-row"
                  draggable={!moving}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', task.id);
                    setDragged(index);
                  }}
                  onDragOver={(e) => dragged !== null && e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    drop(index);
                  }}
                  onDragEnd={() => setDragged(null)}
                  style={{
                    cursor: moving ? undefined : 'grab',
                    opacity: dragged === index ? 0.5 : undefined,
                  }}
                >
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('tasks.moveUp', { name: task.name })}
                        disabled={index === 0 || moving}
                        onClick={() => move(index, -1)}
                        data-task={task.id}
                        data-move="up"
                      >
                        <Arrow up />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('tasks.moveDown', { name: task.name })}
                        disabled={index === rows.length - 1 || moving}
                        onClick={() => move(index, 1)}
                        data-task={task.id}
                        data-move="down"
                      >
                        <Arrow up={false} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {task.name}
                  </Table.Td>
                  <Table.Td>{TASK_KIND_LABELS[task.kind]}</Table.Td>
                  <Table.Td>
                    {t(`taskTypes.${task.type}`)}
                    <Text size="xs" c="dimmed">
                      {task.target === 'SPECIFIC'
                        ? t('tasks.specificCount', { count: task.targets.length })
                        : t('targets.ANY')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{pointsText(task, t)}</Table.Td>
                  <Table.Td ta="right">{task.tasksPointsCount ?? ''}</Table.Td>
                  {weighted && <Table.Td ta="right">{task.weight}</Table.Td>}
                  <Table.Td>
                    <RowActions>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={t('tasks.edit', { name: task.name })}
                        onClick={() => setEditing(task)}
                      >
                        {t('form.edit')}
                      </Button>
                      <DeleteButton
                        label={t('tasks.delete.button', { name: task.name })}
                        onClick={() => deleting.open(task)}
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
        <TaskDialog
          eventId={eventId}
          gameId={game.id}
          weighted={weighted}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={path}
          id={deleting.record.id}
          title={t('tasks.delete.title')}
          message={t('tasks.delete.text', { name: deleting.record.name })}
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
