import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../../shared/navigation/consoleNav';

/** Console screens `/communication` and `/communication/emails`; filled in by issue 14's parts. */
export const communicationsConsoleRoutes: RouteObject[] = [];

export const communicationsNavigation: ConsoleNavItem[] = [];
