import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { rooms, type LeaderboardSnapshot } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listKey, ResourceListPage } from '../../shared/list';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ExternalLinkIcon } from '../../shared/ui/icons';
import { boardScreenUrl, leaderboardPaths, useBoard } from '../leaderboard-screen';
import { LeaderboardReport } from './LeaderboardReport';
import { standingsResource } from './LeaderboardStandings';
import { LeaderboardTeams } from './LeaderboardTeams';

function Standings({ eventId, gameId }: { eventId: string; gameId: string }) {
  const { t } = useTranslation('leaderboard');
  const client = useQueryClient();
  const board = useBoard(eventId, gameId);
  const teamMode = board.data?.mode === 'TEAM';
  const resource = useMemo(() => standingsResource(eventId, gameId, teamMode), [eventId, gameId, teamMode]);
  // Scores move while the organiser watches: the board's snapshot and the standings follow.
  const refresh = () => {
    void client.invalidateQueries({ queryKey: listKey(resource.path) });
  };
  useRealtimeEvent(rooms.leaderboard(gameId), 'leaderboard.changed', (snapshot: LeaderboardSnapshot) => {
    if (snapshot.gameId !== gameId) return;
    client.setQueryData([leaderboardPaths.board(eventId, gameId)], snapshot);
    refresh();
  });
  useRealtimeResync(() => {
    void board.refetch();
    refresh();
  });
  const actions = (
    <Group gap="sm">
      <Button
        component="a"
        href={boardScreenUrl(eventId, gameId)}
        target="_blank"
        rel="noopener"
        variant="default"
        leftSection={<ExternalLinkIcon size={16} />}
      >
        {t('tab.openBoard')}
        <VisuallyHidden> {t('tab.openBoardHint')}</VisuallyHidden>
      </Button>
      <LeaderboardReport eventId={eventId} gameId={gameId} />
    </Group>
  );
  return (
    <Stack gap="lg">
      <ResourceListPage
        resource={resource}
        title={t('tab.standings')}
        section
        actions={actions}
        empty={{ title: t('tab.empty'), description: t('tab.emptyText') }}
      />
      {teamMode && board.data && <LeaderboardTeams teams={board.data.teams} />}
    </Stack>
  );
}

/** The game page's Leaderboard tab: the full standings (opted-out players flagged), team standings, the board and the report. */
export function LeaderboardTab({ gameId }: { gameId: string }) {
  return <EventRequired>{(eventId) => <Standings eventId={eventId} gameId={gameId} />}</EventRequired>;
}
