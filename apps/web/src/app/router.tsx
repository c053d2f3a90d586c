import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigator } from '../shared/navigation/navigator';
import type { Surface } from '../shared/surface';
import { generalRoutes } from './generalRoutes';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteLoading } from './RouteLoading';

/**
 * The console's route tree (its layout, navigation and home screen) loads on first use: the
 * participant app's start-up, which a phone on a slow network pays for, does not carry it. A failed
 * download stays failed (a new promise per render would suspend for ever): SurfaceLoadBoundary
 * shows it and offers a reload.
 */
let consoleRoutes: Promise<RouteObject[]> | null = null;
export function loadConsoleRoutes(): Promise<RouteObject[]> {
  consoleRoutes ??= import('./console/consoleRoutes').then((m) => m.consoleRoutes);
  return consoleRoutes;
}

/** The route tree of one surface, with the general routes both share. */
function createSurfaceRouter(surfaceRoutes: RouteObject[]) {
  const routes: RouteObject[] = [
    {
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <RouteLoading />,
      children: [...generalRoutes(), ...surfaceRoutes],
    },
  ];
  const router = createBrowserRouter(routes);
  registerNavigator((to, options) => void router.navigate(to, options));
  return router;
}

type SurfaceRouter = ReturnType<typeof createSurfaceRouter>;

/**
 * One router per surface for the life of the page, outside React state: StrictMode's extra
 * mount/unmount in development (and any re-render) must not dispose the router that is showing.
 */
const routers = new Map<Surface, SurfaceRouter>();

/** The router of `surface`, created on first use with that surface's routes (`loadConsoleRoutes`). */
export function surfaceRouter(surface: Surface, surfaceRoutes: RouteObject[]): SurfaceRouter {
  let router = routers.get(surface);
  if (!router) {
    router = createSurfaceRouter(surfaceRoutes);
    routers.set(surface, router);
  }
  return router;
}

/**
 * Once `surface` shows (e.g. after switching to participant view), the other surfaces' routers
 * stop listening to history and are forgotten; switching back creates a fresh one.
 */
export function retireRoutersExcept(surface: Surface): void {
  const current = routers.get(surface);
  if (current) registerNavigator((to, options) => void current.navigate(to, options));
  for (const [other, router] of routers) {
    if (other === surface) continue;
    router.dispose();
    routers.delete(other);
  }
}
