import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const CampaignsPage = lazy(() => import('./CampaignsPage').then((m) => ({ default: m.CampaignsPage })));
const CampaignPage = lazy(() => import('./CampaignPage').then((m) => ({ default: m.CampaignPage })));
const EmailsPage = lazy(() => import('./EmailsPage').then((m) => ({ default: m.EmailsPage })));

/** Spec part 2: `/communication` (campaigns) and `/communication/emails` (the e-mail log); ours: `/communication/:id` (a campaign). */
export const communicationsConsoleRoutes: RouteObject[] = [
  screen('communication', CampaignsPage),
  screen('communication/emails', EmailsPage),
  screen('communication/:communicationId', CampaignPage),
];

export const communicationsNavigation: ConsoleNavItem[] = [
  {
    area: 'communication',
    labelKey: 'communications:nav.communications',
    path: '/communication',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'communication',
    labelKey: 'communications:nav.emails',
    path: '/communication/emails',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
