import { Badge, Group, Tooltip } from '@mantine/core';
import { formatScore, type Standing } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, type ResourceDef } from '../../shared/list';
import { leaderboardPaths } from '../leaderboard-screen';

function Flag({ label, hint }: { label: string; hint: string }) {
  return (
    <Tooltip label={hint}>
      <Badge variant="light" color="gray" style={{ textTransform: 'none', flexShrink: 0 }}>
        {label}
      </Badge>
    </Tooltip>
  );
}

/** The player's name; opted-out players and hidden profiles flagged (left out of public boards). */
function NameCell({ row }: { row: Standing }) {
  const t = i18next.getFixedT(null, 'leaderboard');
  if (!row.optedOut && !row.hidden) return <>{row.name}</>;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{row.name}</span>
      {row.optedOut && <Flag label={t('tab.optedOut')} hint={t('tab.optedOutHint')} />}
      {row.hidden && <Flag label={t('tab.hidden')} hint={t('tab.hiddenHint')} />}
    </Group>
  );
}

/** A game's full standings (staff): rank, player, team (TEAM games), score, badges, when the score was reached. */
export function standingsResource(eventId: string, gameId: string, teams: boolean): ResourceDef<Standing> {
  const path = leaderboardPaths.standings(eventId, gameId);
  const t = i18next.getFixedT(null, 'leaderboard');
  return defineResource<Standing>({
    key: 'game-standings',
    path,
    exportPath: `${path}/export`,
    searchPlaceholderKey: 'leaderboard:tab.search',
    getRowId: (r) => r.participantId,
    rowLabel: (r) => r.name,
    filters: [{ kind: 'boolean', id: 'optedOut', labelKey: 'leaderboard:tab.optedOutFilter' }],
    columns: [
      {
        id: 'rank',
        header: 'leaderboard:tab.columns.rank',
        sortField: 'rank',
        exportField: 'rank',
        width: 80,
        align: 'right',
        cell: (r) => formatCount(r.rank, i18next.language),
      },
      {
        id: 'name',
        header: 'leaderboard:tab.columns.name',
        sortField: 'name',
        exportField: ['name', 'optedOut', 'hidden'],
        width: 280,
        cell: (r) => <NameCell row={r} />,
      },
      {
        id: 'email',
        header: 'leaderboard:tab.columns.email',
        sortField: 'email',
        exportField: 'email',
        width: 240,
        cell: (r) => r.email,
      },
      {
        id: 'teamName',
        header: 'leaderboard:tab.columns.team',
        exportField: 'teamName',
        defaultVisible: teams,
        width: 160,
        cell: (r) => r.teamName ?? t('tab.noTeam'),
      },
      {
        id: 'score',
        header: 'leaderboard:tab.columns.score',
        sortField: 'score',
        exportField: 'score',
        width: 110,
        align: 'right',
        cell: (r) => formatScore(r.score, i18next.language),
      },
      {
        id: 'badges',
        header: 'leaderboard:tab.columns.badges',
        exportField: 'badges',
        width: 100,
        align: 'right',
        cell: (r) => formatCount(r.badges, i18next.language),
      },
      {
        id: 'reachedAt',
        header: 'leaderboard:tab.columns.reachedAt',
        sortField: 'reachedAt',
        exportField: 'reachedAt',
        width: 200,
        cell: (r) => <DateTime value={r.reachedAt} />,
      },
    ],
  });
}
