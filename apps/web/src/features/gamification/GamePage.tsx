import { Alert, Anchor, Badge, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConsoleEvent } from '../events';
import { validZone } from '../../shared/time/zones';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { GAME_TABS, GAMES_ROUTE, gameRoute, useGame, type GameTab } from './api';
import { BadgesTab } from './BadgesTab';
import { GameSettingsForm } from './GameSettingsForm';
import { LeaderboardTab } from './LeaderboardTab';
import { PointsTab } from './PointsTab';
import { TasksTab } from './TasksTab';
import { TeamsTab } from './TeamsTab';

function Back() {
  const { t } = useTranslation('gamification');
  return (
    <Anchor component={Link} to={GAMES_ROUTE} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {t('page.back')}
      </Group>
    </Anchor>
  );
}

function NewGame({ eventId }: { eventId: string }) {
  const { t } = useTranslation('gamification');
  const navigate = useNavigate();
  const event = useConsoleEvent(eventId);
  usePageTitle(t('page.newTitle'));
  return (
    <Stack gap="md">
      <Back />
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('page.newTitle')}
      </Title>
      {event.isPending ? (
        <Skeleton h={320} />
      ) : (
        <GameSettingsForm
          eventId={eventId}
          game={null}
          zone={validZone(event.data?.timezone)}
          onSaved={(game) => void navigate(gameRoute(game.id, 'tasks'), { replace: true })}
        />
      )}
    </Stack>
  );
}

function ExistingGame({ eventId, gameId }: { eventId: string; gameId: string }) {
  const { t } = useTranslation('gamification');
  const game = useGame(eventId, gameId);
  const event = useConsoleEvent(eventId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // Teams only in TEAM games.
  const tabs = GAME_TABS.filter((v) => v !== 'teams' || game.data?.mode === 'TEAM');
  const tab: GameTab = tabs.includes(asked as GameTab) ? (asked as GameTab) : 'settings';
  usePageTitle(game.data?.name, Boolean(game.data));

  if (game.isPending || event.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('common:states.loading')}>
        <Back />
        <Skeleton h={36} w={320} />
        <Skeleton h={320} />
      </Stack>
    );
  if (game.isError)
    return (
      <Stack gap="md">
        <Back />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('games.title')}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {game.error.status === 404 ? t('page.notFound') : t('form.loadFailed')}
        </Alert>
      </Stack>
    );

  const record = game.data;
  return (
    <Stack gap="md">
      <Back />
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {record.name}
        </Title>
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {t(`modes.${record.mode}`)}
        </Badge>
        <Badge
          variant="light"
          color={record.isPublished ? 'green' : 'gray'}
          style={{ textTransform: 'none' }}
        >
          {t(record.isPublished ? 'page.published' : 'page.draft')}
        </Badge>
      </Group>
      {record.description && (
        <Text size="sm" c="dimmed">
          {record.description}
        </Text>
      )}
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={record.name} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((v) => (
            <Tabs.Tab key={v} value={v} fw={600}>
              {t(`page.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          {/* Keyed on the stored record: a save shows what the server kept. */}
          <GameSettingsForm
            key={String(record.updatedAt)}
            eventId={eventId}
            game={record}
            zone={validZone(event.data?.timezone)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="md">
          <TasksTab eventId={eventId} game={record} />
        </Tabs.Panel>
        <Tabs.Panel value="badges" pt="md">
          <BadgesTab eventId={eventId} game={record} />
        </Tabs.Panel>
        {record.mode === 'TEAM' && (
          <Tabs.Panel value="teams" pt="md">
            <TeamsTab eventId={eventId} game={record} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="points" pt="md">
          <PointsTab eventId={eventId} game={record} />
        </Tabs.Panel>
        <Tabs.Panel value="leaderboard" pt="md">
          <LeaderboardTab gameId={record.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** `/engagement/gamification/new` and `/engagement/gamification/:gameId` (tabs in `?tab=`). */
export function GamePage() {
  const { gameId } = useParams();
  return (
    <EventRequired>
      {(eventId) =>
        gameId ? (
          <ExistingGame key={`${eventId}-${gameId}`} eventId={eventId} gameId={gameId} />
        ) : (
          <NewGame key={eventId} eventId={eventId} />
        )
      }
    </EventRequired>
  );
}
