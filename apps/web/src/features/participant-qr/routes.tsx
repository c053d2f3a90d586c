import type { RouteObject } from 'react-router';

/** `/external-qr-code` (a scan from outside the app); filled in by issue 15's QR codes part. */
export const externalQrRoutes: RouteObject[] = [];
