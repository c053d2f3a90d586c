import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const MeetingsPage = lazy(() => import('./MeetingsConsolePage').then((m) => ({ default: m.MeetingsPage })));
const IntervalsPage = lazy(() => import('./MeetingsConsolePage').then((m) => ({ default: m.IntervalsPage })));
const AvailablePage = lazy(() => import('./MeetingsConsolePage').then((m) => ({ default: m.AvailablePage })));

/** Spec part 2: `/agenda/meetings`; ours: its tabs `/agenda/meetings/intervals` and `/agenda/meetings/available`. */
export const meetingsConsoleRoutes: RouteObject[] = [
  screen('agenda/meetings', MeetingsPage),
  screen('agenda/meetings/intervals', IntervalsPage),
  screen('agenda/meetings/available', AvailablePage),
];

export const meetingsNavigation: ConsoleNavItem[] = [
  {
    area: 'networking',
    labelKey: 'meetings:nav.meetings',
    path: '/agenda/meetings',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
