import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const CustomFieldsPage = lazy(() =>
  import('./CustomFieldsPage').then((m) => ({ default: m.CustomFieldsPage })),
);

/** Spec part 2: the same screen at `/attendees/custom-fields` and `/setup/custom-fields` (console layout, relative paths). */
export const customFieldsConsoleRoutes: RouteObject[] = [
  consoleScreen('attendees/custom-fields', CustomFieldsPage),
  consoleScreen('setup/custom-fields', CustomFieldsPage),
];

/** One entry for the one screen (the second address stays for bookmarks and links). */
export const customFieldsNavigation: ConsoleNavItem[] = [
  {
    area: 'attendees',
    labelKey: 'customFields:nav.customFields',
    path: '/attendees/custom-fields',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
