import type { RouteObject } from 'react-router';
import { MyEventsPage } from '../../features/participant-app/MyEventsPage';
import { participantAgendaRoutes } from '../../features/participant-agenda/routes';
import { participantAppRoutes } from '../../features/participant-app/routes';
import { participantProfileRoutes } from '../../features/participant-profile/routes';
import { participantMeetingsRoutes } from '../../features/participant-meetings/routes';
import { participantDirectoriesRoutes } from '../../features/participant-directories/routes';
import { participantContactsRoutes } from '../../features/participant-contacts/routes';
import { participantChatRoutes } from '../../features/participant-chat/routes';
import { participantInboxRoutes } from '../../features/participant-inbox/routes';
import { participantFeedRoutes } from '../../features/participant-feed/routes';
import { participantGameRoutes } from '../../features/participant-game/routes';
import { externalQrRoutes } from '../../features/participant-qr/routes';
import { NotFoundPage } from '../NotFoundPage';
import { RequireAuth } from '../../shared/session/RequireAuth';
import { ParticipantLayout } from './ParticipantLayout';

/** Participant app routes (every host but cms, or cms in participant view). */
export const participantRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <ParticipantLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <MyEventsPage /> },
      {
        path: 'event/:eventId/:pageId',
        lazy: () =>
          import('../../features/participant-app/EventHomePage').then((m) => ({
            Component: m.EventHomePage,
          })),
      },
      ...participantProfileRoutes,
      ...participantAgendaRoutes,
      ...participantAppRoutes,
      ...participantMeetingsRoutes,
      ...participantDirectoriesRoutes,
      ...participantContactsRoutes,
      ...participantChatRoutes,
      ...participantFeedRoutes,
      ...participantInboxRoutes,
      ...participantGameRoutes,
      ...externalQrRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
