import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';
import { useUserState } from '../../shared/session/hooks';
import { RequireAuth } from '../../shared/session/RequireAuth';
import { ModerationFrame } from './ModeratorShell';
import { isModeratorOnly } from './queue';

const ModerationSessionsPage = lazy(() =>
  import('./ModerationSessionsPage').then((m) => ({ default: m.ModerationSessionsPage })),
);
const SessionModerationPage = lazy(() =>
  import('./SessionModerationPage').then((m) => ({ default: m.SessionModerationPage })),
);

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('states.loading')} />
    </Center>
  );
}

const page = (Page: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);

export const MODERATION_PATH = '/moderation';

/**
 * Spec part 2: `/moderation` (the sessions one moderates) and `/moderate/:sessionId` (a session's
 * engagement and Q&A queue; `/moderate/:sessionId/:token` signs in with the invitation link and lands
 * here). Signed in with any role: the API answers only admins and the session's moderators. Admins
 * see them inside the console (pass its layout), moderators in a frame of their own.
 */
export function moderationRoutes(consoleLayout: ComponentType): RouteObject[] {
  return [
    {
      element: (
        <RequireAuth>
          <ModerationFrame consoleLayout={consoleLayout} />
        </RequireAuth>
      ),
      children: [
        { path: MODERATION_PATH, element: page(ModerationSessionsPage) },
        { path: '/moderate/:sessionId', element: page(SessionModerationPage) },
      ],
    },
  ];
}

/** The console's Moderation entry (admins; moderators have their own frame). */
export const moderationNavigation: ConsoleNavItem[] = [
  {
    area: 'engagement',
    labelKey: 'moderation:nav.moderation',
    path: MODERATION_PATH,
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];

/**
 * Around the console's admin-only screens: a session moderator (no admin role) who arrives on the
 * console's home, e.g. after signing in, lands on `/moderation` instead of "not authorised".
 */
export function ModeratorLanding({ children }: { children: ReactNode }) {
  const { authenticated, token } = useUserState();
  const { pathname } = useLocation();
  if (authenticated && pathname === '/' && isModeratorOnly(token))
    return <Navigate to={MODERATION_PATH} replace />;
  return children;
}
