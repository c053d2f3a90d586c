import type { RouteObject } from 'react-router';

/** `/external-qr-code?payload=…` (a custom QR code scanned from outside the app, issue 15). */
export const externalQrRoutes: RouteObject[] = [
  {
    path: 'external-qr-code',
    lazy: () => import('./ExternalQrPage').then((m) => ({ Component: m.ExternalQrPage })),
  },
];
