import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/RequireAuth';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const DataImportPage = lazy(() => import('./DataImportPage').then((m) => ({ default: m.DataImportPage })));

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('states.loading')} />
    </Center>
  );
}

/** Spec part 2: `/setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}` (console layout, relative path). */
export const dataImportConsoleRoutes: RouteObject[] = [
  {
    path: 'setup/data-import/:tableName?/:sequenceNumber?/:importId?',
    element: (
      <RequireAuth admin roles={ADMIN_ROLES}>
        <Suspense fallback={<ScreenLoading />}>
          <DataImportPage />
        </Suspense>
      </RequireAuth>
    ),
  },
];

export const dataImportNavigation: ConsoleNavItem[] = [
  { area: 'setup', labelKey: 'dataImport:nav.dataImport', path: '/setup/data-import', roles: ADMIN_ROLES, eventScoped: true },
];
