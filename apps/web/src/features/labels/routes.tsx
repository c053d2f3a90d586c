import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../app/RequireAuth';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const LabelsPage = lazy(() => import('./LabelsPage').then((m) => ({ default: m.LabelsPage })));

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('states.loading')} />
    </Center>
  );
}

/** Spec part 2: `/attendees/labels` (console layout, relative path). */
export const labelsConsoleRoutes: RouteObject[] = [
  {
    path: 'attendees/labels',
    element: (
      <RequireAuth admin roles={ADMIN_ROLES}>
        <Suspense fallback={<ScreenLoading />}>
          <LabelsPage />
        </Suspense>
      </RequireAuth>
    ),
  },
];

export const labelsNavigation: ConsoleNavItem[] = [
  { area: 'attendees', labelKey: 'labels:nav.labels', path: '/attendees/labels', roles: ADMIN_ROLES, eventScoped: true },
];
