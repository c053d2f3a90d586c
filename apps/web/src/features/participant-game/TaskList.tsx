import { Anchor, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { PlayerTask } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import { agendaPath, materialPath, materialsPath, scanPath, sessionPath } from '../participant-agenda';
import { editProfilePath } from '../participant-profile';

/** Where a task's "Go" link leads, if anywhere. */
function actionHref(eventId: string, task: PlayerTask): string | undefined {
  const id = task.action.targetId;
  switch (task.action.page) {
    case 'SESSION':
      return id ? sessionPath(eventId, id) : agendaPath(eventId);
    case 'MATERIAL':
      return id ? materialPath(eventId, id) : materialsPath(eventId);
    case 'ENGAGEMENT':
    case 'AGENDA':
      return agendaPath(eventId);
    case 'SCANNER':
      return scanPath(eventId);
    case 'FEED':
      return paths.feed(eventId);
    case 'MEETINGS':
      return paths.meetings(eventId);
    case 'CARD_SCAN':
      return paths.cardScan(eventId);
    case 'PROFILE':
      return editProfilePath(eventId);
    case 'NONE':
      return undefined;
  }
}

function progressText(t: (k: string, o?: Record<string, unknown>) => string, task: PlayerTask): string {
  if (task.state === 'DONE' && task.of !== null && task.type === 'COMPLETION') return t('task.done');
  const parts: string[] = [];
  parts.push(task.of === null ? t('task.count', { count: task.done }) : t('task.partial', task));
  parts.push(
    task.pointsLimit === null
      ? t('task.pointsEarned', { earned: task.pointsEarned })
      : t('task.pointsOf', { earned: task.pointsEarned, limit: task.pointsLimit }),
  );
  return parts.join(' · ');
}

export function TaskList({ eventId, tasks }: { eventId: string; tasks: PlayerTask[] }) {
  const { t } = useTranslation('game');
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {tasks.map((task) => {
        const href = actionHref(eventId, task);
        const value =
          task.state === 'DONE'
            ? 100
            : task.of
              ? Math.round((100 * Math.min(task.done, task.of)) / task.of)
              : 0;
        return (
          <li key={task.id} data-testid="game-task">
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={700}>{task.name}</Text>
                  <Text size="sm">{task.description || t(`what.${task.kind}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {task.type === 'COMPLETION'
                      ? t('task.completion', { points: task.points })
                      : t('task.perSubTask', { points: task.points })}
                  </Text>
                </Stack>
                {href && task.state !== 'DONE' && (
                  <Anchor
                    component={Link}
                    to={href}
                    size="sm"
                    fw={700}
                    aria-label={`${t('task.go')}: ${task.name}`}
                  >
                    {t('task.go')}
                  </Anchor>
                )}
              </Group>
              <Progress
                mt="sm"
                value={value}
                color={task.state === 'DONE' ? 'teal' : 'indigo'}
                aria-label={t('task.progress', { name: task.name })}
              />
              <Text size="sm" mt={4}>
                {progressText(t, task)}
              </Text>
              {task.targets.length > 1 && (
                <Text size="xs" c="dimmed">
                  {task.targets.map((x) => `${x.done ? '✓ ' : ''}${x.name}`).join(' · ')}
                </Text>
              )}
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
