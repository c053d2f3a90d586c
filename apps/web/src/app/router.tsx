import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigator } from '../shared/navigation/navigator';
import type { Surface } from '../shared/surface';
import { consoleRoutes } from './console/consoleRoutes';
import { generalRoutes } from './generalRoutes';
import { participantRoutes } from './participant/participantRoutes';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteLoading } from './RouteLoading';

/** The route tree of one surface, with the general routes both share. */
export function createSurfaceRouter(surface: Surface) {
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
