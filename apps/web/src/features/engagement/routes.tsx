import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const ToolsPage = lazy(() => import('./ToolsPage').then((m) => ({ default: m.ToolsPage })));
const ToolPage = lazy(() => import('./ToolPage').then((m) => ({ default: m.ToolPage })));

/** Spec part 2: `/engagement`; ours: `/engagement/new`, `/engagement/:toolId` (details, instances, results). */
export const engagementConsoleRoutes: RouteObject[] = [
  screen('engagement', ToolsPage),
  screen('engagement/new', ToolPage),
  screen('engagement/:toolId', ToolPage),
];

export const engagementNavigation: ConsoleNavItem[] = [
  {
    area: 'engagement',
    labelKey: 'engagement:nav.tools',
    path: '/engagement',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
