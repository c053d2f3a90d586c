import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const SessionsPage = lazy(() => import('./SessionsPage').then((m) => ({ default: m.SessionsPage })));
const SessionDetailPage = lazy(() =>
  import('./SessionDetailPage').then((m) => ({ default: m.SessionDetailPage })),
);
const CollectionsPage = lazy(() => import('./CollectionsPage').then((m) => ({ default: m.CollectionsPage })));
const BreakoutsPage = lazy(() => import('./BreakoutsPage').then((m) => ({ default: m.BreakoutsPage })));

/** Spec part 2: `/agenda`, `/agenda/collections`, `/setup/sessions`; ours: `/agenda/sessions/:sessionId` (attendees, QR code). */
export const agendaConsoleRoutes: RouteObject[] = [
  screen('agenda', SessionsPage),
  screen('agenda/sessions/:sessionId', SessionDetailPage),
  screen('agenda/collections', CollectionsPage),
  screen('setup/sessions', BreakoutsPage),
];

export const agendaNavigation: ConsoleNavItem[] = [
  { area: 'agenda', labelKey: 'agenda:nav.sessions', path: '/agenda', roles: ADMIN_ROLES, eventScoped: true },
  {
    area: 'agenda',
    labelKey: 'agenda:nav.collections',
    path: '/agenda/collections',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'setup',
    labelKey: 'agenda:nav.breakouts',
    path: '/setup/sessions',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
