import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const LocationsPage = lazy(() => import('./LocationsPage').then((m) => ({ default: m.LocationsPage })));
const MaterialsPage = lazy(() => import('./MaterialsPage').then((m) => ({ default: m.MaterialsPage })));
const InteractiveMapsPage = lazy(() =>
  import('./InteractiveMapsPage').then((m) => ({ default: m.InteractiveMapsPage })),
);
const MapEditorPage = lazy(() => import('./MapEditorPage').then((m) => ({ default: m.MapEditorPage })));

/** Spec part 2: `/agenda/locations`, `/content`, `/content/interactive-maps` (+ the map editor). */
export const contentConsoleRoutes: RouteObject[] = [
  consoleScreen('agenda/locations', LocationsPage),
  consoleScreen('content', MaterialsPage),
  consoleScreen('content/interactive-maps', InteractiveMapsPage),
  consoleScreen('content/interactive-maps/:mapId', MapEditorPage),
];

export const contentNavigation: ConsoleNavItem[] = [
  {
    area: 'agenda',
    labelKey: 'content:nav.locations',
    path: '/agenda/locations',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'content',
    labelKey: 'content:nav.materials',
    path: '/content',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'content',
    labelKey: 'content:nav.maps',
    path: '/content/interactive-maps',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
