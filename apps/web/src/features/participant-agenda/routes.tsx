import type { RouteObject } from 'react-router';

/**
 * Agenda pages of the participant app (children of its layout). Static segments rank above the
 * designer's `/event/:eventId/:pageId`, so 'agenda', 'my-agenda', 'maps', 'materials' and 'scan' are reserved page ids.
 */
export const participantAgendaRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/agenda',
    lazy: () => import('./AgendaPage').then((m) => ({ Component: m.AgendaPage })),
  },
  {
    path: 'event/:eventId/agenda/:sessionId',
    lazy: () => import('./SessionDetailPage').then((m) => ({ Component: m.SessionDetailPage })),
  },
  {
    path: 'event/:eventId/my-agenda',
    lazy: () => import('./MyAgendaPage').then((m) => ({ Component: m.MyAgendaPage })),
  },
  { path: 'event/:eventId/maps', lazy: () => import('./MapsPage').then((m) => ({ Component: m.MapsPage })) },
  {
    path: 'event/:eventId/maps/:mapId',
    lazy: () => import('./MapPage').then((m) => ({ Component: m.MapPage })),
  },
  {
    path: 'event/:eventId/materials',
    lazy: () => import('./MaterialsPage').then((m) => ({ Component: m.MaterialsPage })),
  },
  {
    path: 'event/:eventId/materials/:materialId',
    lazy: () => import('./MaterialPage').then((m) => ({ Component: m.MaterialPage })),
  },
  { path: 'event/:eventId/scan', lazy: () => import('./ScanPage').then((m) => ({ Component: m.ScanPage })) },
];
