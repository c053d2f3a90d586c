import { Anchor, Card, Group, Skeleton, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import type { PlayerGame } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { gameKeys, setOptOut, useGameLive, useMyGame } from './api';
import { BadgeGallery } from './BadgeGallery';
import { GameBoard } from './GameBoard';
import { StandingLine } from './StandingLine';
import { TaskList } from './TaskList';

function OptOut({ eventId, game }: { eventId: string; game: PlayerGame }) {
  const { t } = useTranslation('game');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (optedOut: boolean) => {
    setBusy(true);
    try {
      await setOptOut(eventId, game.id, optedOut);
      toast.success(t('optOut.saved'));
      await client.invalidateQueries({ queryKey: gameKeys.all(eventId) });
    } catch {
      toast.error(t('optOut.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={game.optedOut}
      disabled={busy}
      onChange={(e) => void change(e.currentTarget.checked)}
      label={t('optOut.label')}
      description={t('optOut.help')}
    />
  );
}

/** `/event/:eventId/game/:gameId`: score and rank, tasks, badge gallery, the board, the opt-out; live. */
export function GamePage() {
  const { eventId = '', gameId = '' } = useParams();
  const { t } = useTranslation('game');
  const game = useMyGame(eventId, gameId);
  usePageTitle(game.data?.name ?? t('title'));
  useGameLive(eventId, gameId);
  const g = game.data;
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Anchor component={Link} to={paths.game(eventId)} size="sm">
        {t('back')}
      </Anchor>
      {game.isError && <LoadError message={t('loadFailed')} onRetry={() => void game.refetch()} />}
      {game.isPending && (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={40} w="60%" />
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      )}
      {g && (
        <>
          <Card withBorder radius="md" padding="md">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {g.name}
            </Title>
            {g.description && <Text c="dimmed">{g.description}</Text>}
            <Group gap="md" mt="xs">
              <StandingLine game={g} />
              <Text size="sm">{t('badgesCount', { earned: g.badgesEarned, total: g.badgesTotal })}</Text>
              {g.team && <Text size="sm">{t('team', { name: g.team.name })}</Text>}
            </Group>
          </Card>
          <Tabs defaultValue="tasks" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="tasks">{t('tabs.tasks')}</Tabs.Tab>
              <Tabs.Tab value="badges">{t('tabs.badges')}</Tabs.Tab>
              <Tabs.Tab value="leaderboard">{t('tabs.leaderboard')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="tasks" pt="md">
              <TaskList eventId={eventId} tasks={g.tasks} />
            </Tabs.Panel>
            <Tabs.Panel value="badges" pt="md">
              <BadgeGallery badges={g.badges} />
            </Tabs.Panel>
            <Tabs.Panel value="leaderboard" pt="md">
              <Stack gap="md">
                <GameBoard game={g} />
                <OptOut eventId={eventId} game={g} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
