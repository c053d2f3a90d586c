import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/RequireAuth';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const CustomFieldsPage = lazy(() => import('./CustomFieldsPage').then((m) => ({ default: m.CustomFieldsPage })));

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('states.loading')} />
    </Center>
  );
}

const page = (
  <RequireAuth admin roles={ADMIN_ROLES}>
    <Suspense fallback={<ScreenLoading />}>
      <CustomFieldsPage />
    </Suspense>
  </RequireAuth>
);

/** Spec part 2: the same screen at `/attendees/custom-fields` and `/setup/custom-fields` (console layout, relative paths). */
export const customFieldsConsoleRoutes: RouteObject[] = [
  { path: 'attendees/custom-fields', element: page },
  { path: 'setup/custom-fields', element: page },
];

export const customFieldsNavigation: ConsoleNavItem[] = [
  { area: 'attendees', labelKey: 'customFields:nav.customFields', path: '/attendees/custom-fields', roles: ADMIN_ROLES, eventScoped: true },
  { area: 'setup', labelKey: 'customFields:nav.setupCustomFields', path: '/setup/custom-fields', roles: ADMIN_ROLES, eventScoped: true },
];
