import { GAME_MODES } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, YesNo, type ResourceDef } from '../../shared/list';
import { gameRoute, gamesPath, type GameRow } from './api';

const count = (n: number) => formatCount(n, i18next.language);

/** The Gamifications list of one event: name, mode, scoring, window, counts, author (name, else e-mail). */
export function gamesResource(eventId: string): ResourceDef<GameRow> {
  const t = i18next.getFixedT(null, 'gamification');
  return defineResource<GameRow>({
    key: `gamifications-${eventId}`,
    path: gamesPath(eventId),
    exportable: true,
    searchPlaceholderKey: 'gamification:games.search',
    rowLabel: (game) => game.name,
    rowLink: (game) => gameRoute(game.id),
    filters: [
      {
        kind: 'multiselect',
        id: 'mode',
        labelKey: 'gamification:games.columns.mode',
        options: GAME_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })),
      },
    ],
    columns: [
      {
        id: 'name',
        header: 'gamification:games.columns.name',
        sortField: 'name',
        width: 220,
        cell: (g) => g.name,
      },
      {
        id: 'mode',
        header: 'gamification:games.columns.mode',
        sortField: 'mode',
        width: 120,
        cell: (g) => t(`modes.${g.mode}`),
      },
      {
        id: 'scoring',
        header: 'gamification:games.columns.scoring',
        sortField: 'scoring',
        width: 150,
        cell: (g) => t(`scoring.${g.scoring}`),
      },
      {
        id: 'taskCount',
        header: 'gamification:games.columns.tasks',
        width: 90,
        align: 'right',
        cell: (g) => count(g.taskCount),
      },
      {
        id: 'badgeCount',
        header: 'gamification:games.columns.badges',
        width: 90,
        align: 'right',
        cell: (g) => count(g.badgeCount),
      },
      {
        id: 'playerCount',
        header: 'gamification:games.columns.players',
        width: 90,
        align: 'right',
        cell: (g) => count(g.playerCount),
      },
      {
        id: 'isPublished',
        header: 'gamification:games.columns.published',
        sortField: 'isPublished',
        width: 110,
        cell: (g) => <YesNo value={g.isPublished} />,
      },
      {
        id: 'createdBy',
        header: 'gamification:games.columns.createdBy',
        width: 180,
        cell: (g) => g.createdBy,
      },
      {
        id: 'updatedAt',
        header: 'gamification:games.columns.updatedAt',
        sortField: 'updatedAt',
        width: 190,
        cell: (g) => <DateTime value={g.updatedAt} />,
      },
    ],
  });
}
