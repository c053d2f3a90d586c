import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';
import { CODES_ROUTE, MORE_ROUTE } from './api';

const MorePage = lazy(() => import('./MorePage').then((m) => ({ default: m.MorePage })));
const CustomQrCodesPage = lazy(() =>
  import('./CustomQrCodesPage').then((m) => ({ default: m.CustomQrCodesPage })),
);
const QrScansPage = lazy(() => import('./QrScansPage').then((m) => ({ default: m.QrScansPage })));

/** Spec part 2: `/more` (the area's hub) and `/more/custom-qr-codes`; ours: `…/scans` (who scanned which code). */
export const qrCodesConsoleRoutes: RouteObject[] = [
  screen('more', MorePage),
  screen('more/custom-qr-codes', CustomQrCodesPage),
  screen('more/custom-qr-codes/scans', QrScansPage),
];

export const qrCodesNavigation: ConsoleNavItem[] = [
  { area: 'more', labelKey: 'qrCodes:nav.more', path: MORE_ROUTE, roles: ADMIN_ROLES, eventScoped: true },
  { area: 'more', labelKey: 'qrCodes:nav.codes', path: CODES_ROUTE, roles: ADMIN_ROLES, eventScoped: true },
];
