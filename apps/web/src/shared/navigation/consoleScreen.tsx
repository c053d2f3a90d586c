import { Center, Loader } from '@mantine/core';
import type { DerivedRole } from '@plenary/domain';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ADMIN_ROLES } from './consoleNav';
import { RequireAuth } from '../session/RequireAuth';

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('states.loading')} />
    </Center>
  );
}

/**
 * A console route (relative to the console layout) for a screen, usually `lazy(...)` so each area
 * is its own chunk: signed in with one of `roles` (every admin role by default), a loader while
 * the chunk arrives.
 */
export function consoleScreen(
  path: string,
  Page: ComponentType,
  roles: readonly DerivedRole[] = ADMIN_ROLES,
): RouteObject {
  return {
    path,
    element: (
      <RequireAuth admin roles={roles}>
        <Suspense fallback={<ScreenLoading />}>
          <Page />
        </Suspense>
      </RequireAuth>
    ),
  };
}
