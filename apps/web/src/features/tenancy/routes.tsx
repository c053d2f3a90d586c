import type { DerivedRole } from '@plenary/domain';
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen } from '../../shared/navigation/consoleScreen';
import type { ConsoleNavItem, NavArea } from '../../shared/navigation/consoleNav';

const SUPER_ADMIN: readonly DerivedRole[] = ['superadmin'];
const ORGANIZATION_ADMIN: readonly DerivedRole[] = ['organizationadmin'];

// Each screen is its own chunk: only super admins ever download them.
const DashboardPage = lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })));
const OrganizationsPage = lazy(() =>
  import('./OrganizationsPage').then((m) => ({ default: m.OrganizationsPage })),
);
const EventHubsPage = lazy(() => import('./EventHubsPage').then((m) => ({ default: m.EventHubsPage })));
const EventsPage = lazy(() => import('./EventsPage').then((m) => ({ default: m.EventsPage })));
const AdminUsersPage = lazy(() => import('./AdminUsersPage').then((m) => ({ default: m.AdminUsersPage })));
const AppVersionsPage = lazy(() => import('./AppVersionsPage').then((m) => ({ default: m.AppVersionsPage })));

function AdministrationAdminUsersPage() {
  return <AdminUsersPage administration />;
}

const screen = (path: string, roles: readonly DerivedRole[], Page: ComponentType): RouteObject =>
  consoleScreen(path, Page, roles);

/** Super-admin and administration screens, mounted inside the console layout (paths relative to it). */
export const tenancyConsoleRoutes: RouteObject[] = [
  screen('super-admin', SUPER_ADMIN, DashboardPage),
  screen('organizations', SUPER_ADMIN, OrganizationsPage),
  screen('event-hubs', SUPER_ADMIN, EventHubsPage),
  screen('events', SUPER_ADMIN, EventsPage),
  screen('admin-users', SUPER_ADMIN, AdminUsersPage),
  screen('app-versions', SUPER_ADMIN, AppVersionsPage),
  screen('administration/admin-users', ORGANIZATION_ADMIN, AdministrationAdminUsersPage),
];

const item = (
  area: NavArea,
  labelKey: string,
  path: string,
  roles: readonly DerivedRole[],
): ConsoleNavItem => ({
  area,
  labelKey,
  path,
  roles,
  eventScoped: false,
});

/** Console navigation entries (areas as in app/console/navigation.ts AREA_ORDER). */
export const tenancyNavigation: ConsoleNavItem[] = [
  item('superAdmin', 'tenancy:nav.dashboard', '/super-admin', SUPER_ADMIN),
  item('superAdmin', 'tenancy:nav.organizations', '/organizations', SUPER_ADMIN),
  item('superAdmin', 'tenancy:nav.eventHubs', '/event-hubs', SUPER_ADMIN),
  item('superAdmin', 'tenancy:nav.events', '/events', SUPER_ADMIN),
  item('superAdmin', 'tenancy:nav.adminUsers', '/admin-users', SUPER_ADMIN),
  item('superAdmin', 'tenancy:nav.appVersions', '/app-versions', SUPER_ADMIN),
  item(
    'administration',
    'tenancy:nav.administrationAdminUsers',
    '/administration/admin-users',
    ORGANIZATION_ADMIN,
  ),
];
