import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../../shared/navigation/consoleNav';

/** Console `/more` and `/more/custom-qr-codes`; filled in by issue 15's QR codes part. */
export const qrCodesConsoleRoutes: RouteObject[] = [];

export const qrCodesNavigation: ConsoleNavItem[] = [];
