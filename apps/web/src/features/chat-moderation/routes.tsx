import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const ChatModerationPage = lazy(() =>
  import('./ChatModerationPage').then((m) => ({ default: m.ChatModerationPage })),
);

/** `/networking/chat`: reported messages, the chat blacklist and the chat settings of the selected event. */
export const chatModerationConsoleRoutes: RouteObject[] = [screen('networking/chat', ChatModerationPage)];

export const chatModerationNavigation: ConsoleNavItem[] = [
  {
    area: 'networking',
    labelKey: 'chat:moderation.nav',
    path: '/networking/chat',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
