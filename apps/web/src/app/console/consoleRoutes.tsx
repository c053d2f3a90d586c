import './mantine-console.css';
import { Navigate, type RouteObject } from 'react-router';
import { ConsoleHomePage } from '../../features/events/ConsoleHomePage';
import { tenancyConsoleRoutes } from '../../features/tenancy/routes';
import { attendeesConsoleRoutes } from '../../features/attendees/routes';
import { customFieldsConsoleRoutes } from '../../features/custom-fields/routes';
import { labelsConsoleRoutes } from '../../features/labels/routes';
import { dataImportConsoleRoutes } from '../../features/data-import/routes';
import { contentConsoleRoutes } from '../../features/content/routes';
import { agendaConsoleRoutes } from '../../features/agenda/routes';
import { engagementConsoleRoutes } from '../../features/engagement/routes';
import { communicationsConsoleRoutes } from '../../features/communications/routes';
import { gamificationConsoleRoutes } from '../../features/gamification/routes';
import { qrCodesConsoleRoutes } from '../../features/qr-codes/routes';
import { leaderboardScreenRoutes } from '../../features/leaderboard-screen/routes';
import { meetingsConsoleRoutes } from '../../features/meetings/routes';
import { directoriesConsoleRoutes } from '../../features/directories/routes';
import { chatModerationConsoleRoutes } from '../../features/chat-moderation/routes';
import { feedModerationConsoleRoutes } from '../../features/feed-moderation/routes';
import { useUserState } from '../../shared/session/hooks';
import { NotFoundPage } from '../NotFoundPage';
import { RequireAuth } from '../../shared/session/RequireAuth';
import { ConsoleLayout } from './ConsoleLayout';
import { moderationRoutes, ModeratorLanding } from '../../features/moderation';
import { engagementScreenRoutes } from '../../features/engagement-screens';

const SUPER_ADMIN_HOME = '/super-admin';
const hasSuperAdminHome = tenancyConsoleRoutes.some(
  (r) => r.path === SUPER_ADMIN_HOME || r.path === 'super-admin',
);

/** Console `/`: super admins land on their own home (once it exists), others on their events. */
function ConsoleIndex() {
  const { role } = useUserState();
  if (role === 'superadmin' && hasSuperAdminHome) return <Navigate to={SUPER_ADMIN_HOME} replace />;
  return <ConsoleHomePage />;
}

/** Admin console routes (cms host), all behind sign-in with an admin role. */
export const consoleRoutes: RouteObject[] = [
  {
    path: '/moderate/:sessionId/:token',
    lazy: () =>
      import('../../features/accounts/ModeratorLinkSignIn').then((m) => ({ Component: m.ModeratorLinkPage })),
  },
  ...moderationRoutes(ConsoleLayout),
  ...engagementScreenRoutes,
  ...leaderboardScreenRoutes,
  {
    element: (
      <ModeratorLanding>
        <RequireAuth admin>
          <ConsoleLayout />
        </RequireAuth>
      </ModeratorLanding>
    ),
    children: [
      { index: true, element: <ConsoleIndex /> },
      {
        path: ':eventId/overview',
        lazy: () =>
          import('../../features/events/EventOverviewPage').then((m) => ({ Component: m.EventOverviewPage })),
      },
      {
        path: 'event-details',
        lazy: () =>
          import('../../features/events/EventDetailsPage').then((m) => ({ Component: m.EventDetailsPage })),
      },
      {
        path: 'dev/mailbox',
        lazy: () =>
          import('../../features/dev-mailbox/DevMailboxPage').then(({ DevMailboxPage }) => ({
            Component: () => (
              <RequireAuth roles={['superadmin']}>
                <DevMailboxPage />
              </RequireAuth>
            ),
          })),
      },
      ...tenancyConsoleRoutes,
      ...attendeesConsoleRoutes,
      ...customFieldsConsoleRoutes,
      ...labelsConsoleRoutes,
      ...dataImportConsoleRoutes,
      ...contentConsoleRoutes,
      ...agendaConsoleRoutes,
      ...engagementConsoleRoutes,
      ...meetingsConsoleRoutes,
      ...directoriesConsoleRoutes,
      ...chatModerationConsoleRoutes,
      ...feedModerationConsoleRoutes,
      ...communicationsConsoleRoutes,
      ...gamificationConsoleRoutes,
      ...qrCodesConsoleRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
