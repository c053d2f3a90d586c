import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { consoleScreen as screen } from '../../shared/navigation/consoleScreen';
import { ADMIN_ROLES, type ConsoleNavItem } from '../../shared/navigation/consoleNav';

const FeedModerationPage = lazy(() =>
  import('./FeedModerationPage').then((m) => ({ default: m.FeedModerationPage })),
);

/** `/networking/feed`: the activity feed's queue, reported posts, all posts and the approval setting. */
export const feedModerationConsoleRoutes: RouteObject[] = [screen('networking/feed', FeedModerationPage)];

export const feedModerationNavigation: ConsoleNavItem[] = [
  {
    area: 'networking',
    labelKey: 'feed:nav.feed',
    path: '/networking/feed',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
];
