import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const AttendeesPage = lazy(() => import('./AttendeesPage').then((m) => ({ default: m.AttendeesPage })));
const MagicLinksPage = lazy(() => import('./MagicLinksPage').then((m) => ({ default: m.MagicLinksPage })));
const ParticipantProfilePage = lazy(() =>
  import('./ParticipantProfilePage').then((m) => ({ default: m.ParticipantProfilePage })),
);

/** Spec part 2: `/attendees`, `/{eventId}/attendees/{participantId}`; ours: `/attendees/magic-links` (the report). */
export const attendeesConsoleRoutes: RouteObject[] = [
  screen('attendees', AttendeesPage),
  screen('attendees/magic-links', MagicLinksPage),
  screen(':eventId/attendees/:participantId', ParticipantProfilePage),
];

export const attendeesNavigation: ConsoleNavItem[] = [
  {
    area: 'attendees',
    labelKey: 'attendees:nav.attendees',
    path: '/attendees',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'attendees',
    labelKey: 'attendees:nav.magicLinks',
    path: '/attendees/magic-links',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
