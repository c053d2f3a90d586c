import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/session/RequireAuth';

const QaScreen = lazy(() => import('./QaScreens').then((m) => ({ default: m.QaScreen })));
const SpeakerView = lazy(() => import('./QaScreens').then((m) => ({ default: m.SpeakerView })));
const ResultsScreen = lazy(() => import('./ResultsScreens').then((m) => ({ default: m.ResultsScreen })));
const AggregatedResultsScreen = lazy(() =>
  import('./ResultsScreens').then((m) => ({ default: m.AggregatedResultsScreen })),
);

const screen = (path: string, Page: ComponentType): RouteObject => ({
  path,
  element: (
    <RequireAuth>
      <Suspense fallback={<div style={{ position: 'fixed', inset: 0, background: '#0b1020' }} />}>
        <Page />
      </Suspense>
    </RequireAuth>
  ),
});

/**
 * Spec part 2: the front-of-room screens and the speaker view, full screen on the console host
 * (no console chrome). Signed in with any role: the API answers staff only (admins, the session's
 * moderators), so a participant's link shows "not available".
 */
export const engagementScreenRoutes: RouteObject[] = [
  screen('/qa/:toolId/:instanceId', QaScreen),
  screen('/qa/:toolId/:instanceId/speaker', SpeakerView),
  screen('/view-result/:eventId/:toolId/:instanceId', ResultsScreen),
  screen('/view-aggregated-result/:eventId/:toolId', AggregatedResultsScreen),
];
