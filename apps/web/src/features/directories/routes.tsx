import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const DirectoriesPage = lazy(() => import('./DirectoriesPage').then((m) => ({ default: m.DirectoriesPage })));

/** Spec part 2: `/directories` (create, edit, delete in a dialog). */
export const directoriesConsoleRoutes: RouteObject[] = [screen('directories', DirectoriesPage)];

export const directoriesNavigation: ConsoleNavItem[] = [
  {
    area: 'networking',
    labelKey: 'directories:nav.directories',
    path: '/directories',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
