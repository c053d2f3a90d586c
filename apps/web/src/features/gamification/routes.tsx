import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const GamesPage = lazy(() => import('./GamesPage').then((m) => ({ default: m.GamesPage })));
const GamePage = lazy(() => import('./GamePage').then((m) => ({ default: m.GamePage })));

/** Spec part 2: `/engagement/gamification` (the Gamifications list), a new game and a game's page (tabs). */
export const gamificationConsoleRoutes: RouteObject[] = [
  screen('engagement/gamification', GamesPage),
  screen('engagement/gamification/new', GamePage),
  screen('engagement/gamification/:gameId', GamePage),
];

export const gamificationNavigation: ConsoleNavItem[] = [
  {
    area: 'engagement',
    labelKey: 'gamification:nav.games',
    path: '/engagement/gamification',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
