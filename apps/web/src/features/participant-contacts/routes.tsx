import type { RouteObject } from 'react-router';

/** Badge, business-card scanner and contacts of the participant app (children of its layout). */
export const participantContactsRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/badge',
    lazy: () => import('./BadgePage').then((m) => ({ Component: m.BadgePage })),
  },
  {
    path: 'event/:eventId/card-scan',
    lazy: () => import('./CardScanPage').then((m) => ({ Component: m.CardScanPage })),
  },
  {
    path: 'event/:eventId/contacts',
    lazy: () => import('./ContactsPage').then((m) => ({ Component: m.ContactsPage })),
  },
];
