import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const DataImportPage = lazy(() => import('./DataImportPage').then((m) => ({ default: m.DataImportPage })));

/** Spec part 2: `/setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}` (console layout, relative path). */
export const dataImportConsoleRoutes: RouteObject[] = [
  consoleScreen('setup/data-import/:tableName?/:sequenceNumber?/:importId?', DataImportPage),
];

export const dataImportNavigation: ConsoleNavItem[] = [
  {
    area: 'setup',
    labelKey: 'dataImport:nav.dataImport',
    path: '/setup/data-import',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
