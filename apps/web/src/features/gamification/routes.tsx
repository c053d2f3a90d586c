import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const GamesPage = lazy(() => import('./GamesPage').then((m) => ({ default: m.GamesPage })));

/** Spec part 2: `/engagement/gamification` (the Gamifications list). */
export const gamificationConsoleRoutes: RouteObject[] = [screen('engagement/gamification', GamesPage)];

export const gamificationNavigation: ConsoleNavItem[] = [
  {
    area: 'engagement',
    labelKey: 'gamification:nav.games',
    path: '/engagement/gamification',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
