import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@plenary/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { RealtimeProvider } from '../shared/realtime';
import { Suspense, use, useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/api/queryClient';
import { BrandProvider, useBrand } from '../shared/brand/BrandProvider';
import { themeFor } from '../shared/brand/theme';
import { useCommonState } from '../shared/session/hooks';
import { surfaceFor } from '../shared/surface';
import { RouteLoading } from './RouteLoading';
import { SurfaceLoadBoundary } from './SurfaceLoadBoundary';
import { participantRoutes } from './participant/participantRoutes';
import { loadConsoleRoutes, retireRoutersExcept, surfaceRouter } from './router';

/** Picks the surface from the host (and the participant-view flag) and runs its router. */
function SurfaceRouter() {
  const { participantView } = useCommonState();
  const surface = surfaceFor(window.location.hostname, participantView);
  // The console's routes arrive in their own chunk (suspends until then, once); the participant's are at hand.
  const routes = surface === 'console' ? use(loadConsoleRoutes()) : participantRoutes;
  const router = surfaceRouter(surface, routes);
  // Not a cleanup of this component: StrictMode unmounts and remounts it once in development.
  useEffect(() => retireRoutersExcept(surface), [surface]);
  // Keyed by surface: a RouterProvider keeps the first router's state when given another one, so
  // switching to participant view (or back) showed the old surface until a reload.
  return <RouterProvider key={surface} router={router} />;
}

function ThemedApp() {
  const brand = useBrand();
  const theme = useMemo(
    () => themeFor(brand.primaryColor, brand.secondaryColor),
    [brand.primaryColor, brand.secondaryColor],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec parts 4 and 9: at most 10 toasts visible, extras queue, each closes after 3 s. */}
      <Notifications limit={TOAST_MAX_VISIBLE} autoClose={TOAST_DURATION_MS} position="top-right" />
      <SurfaceLoadBoundary>
        <Suspense fallback={<RouteLoading />}>
          <SurfaceRouter />
        </Suspense>
      </SurfaceLoadBoundary>
    </MantineProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <BrandProvider>
          <ThemedApp />
        </BrandProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
