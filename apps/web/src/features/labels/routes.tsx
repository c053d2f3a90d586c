import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const LabelsPage = lazy(() => import('./LabelsPage').then((m) => ({ default: m.LabelsPage })));

/** Spec part 2: `/attendees/labels` (console layout, relative path). */
export const labelsConsoleRoutes: RouteObject[] = [consoleScreen('attendees/labels', LabelsPage)];

export const labelsNavigation: ConsoleNavItem[] = [
  {
    area: 'attendees',
    labelKey: 'labels:nav.labels',
    path: '/attendees/labels',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
