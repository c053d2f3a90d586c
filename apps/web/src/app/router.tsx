import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigator } from '../shared/navigation/navigator';
import type { Surface } from '../shared/surface';
import { consoleRoutes } from './console/consoleRoutes';
import { generalRoutes } from './generalRoutes';
import { participantRoutes } from './participant/participantRoutes';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteLoading } from './RouteLoading';

/** The route tree of one surface, with the general routes both share. */
function createSurfaceRouter(surface: Surface) {
  const routes: RouteObject[] = [
    {
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <RouteLoading />,
      children: [...generalRoutes(), ...(surface === 'console' ? consoleRoutes : participantRoutes)],
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

/** The router of `surface`, created on first use. */
export function surfaceRouter(surface: Surface): SurfaceRouter {
  let router = routers.get(surface);
  if (!router) {
    router = createSurfaceRouter(surface);
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
