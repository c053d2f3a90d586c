import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/RequireAuth';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const AttendeesPage = lazy(() => import('./AttendeesPage').then((m) => ({ default: m.AttendeesPage })));
const MagicLinksPage = lazy(() => import('./MagicLinksPage').then((m) => ({ default: m.MagicLinksPage })));
const ParticipantProfilePage = lazy(() => import('./ParticipantProfilePage').then((m) => ({ default: m.ParticipantProfilePage })));

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('states.loading')} />
    </Center>
  );
}

function screen(path: string, Page: LazyExoticComponent<ComponentType>): RouteObject {
  return {
    path,
    element: (
      <RequireAuth admin roles={ADMIN_ROLES}>
        <Suspense fallback={<ScreenLoading />}>
          <Page />
        </Suspense>
      </RequireAuth>
    ),
  };
}

/** Spec part 2: `/attendees`, `/{eventId}/attendees/{participantId}`; ours: `/attendees/magic-links` (the report). */
export const attendeesConsoleRoutes: RouteObject[] = [
  screen('attendees', AttendeesPage),
  screen('attendees/magic-links', MagicLinksPage),
  screen(':eventId/attendees/:participantId', ParticipantProfilePage),
];

export const attendeesNavigation: ConsoleNavItem[] = [
  { area: 'attendees', labelKey: 'attendees:nav.attendees', path: '/attendees', roles: ADMIN_ROLES, eventScoped: true },
  { area: 'attendees', labelKey: 'attendees:nav.magicLinks', path: '/attendees/magic-links', roles: ADMIN_ROLES, eventScoped: true },
];
