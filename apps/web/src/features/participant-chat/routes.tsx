import type { RouteObject } from 'react-router';

/** Chat pages of the participant app (children of its layout): the conversations and one conversation. */
export const participantChatRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/chat',
    lazy: () => import('./ChatPage').then((m) => ({ Component: m.ChatPage })),
  },
  {
    path: 'event/:eventId/chat/:conversationId',
    lazy: () => import('./ConversationPage').then((m) => ({ Component: m.ConversationPage })),
  },
];
