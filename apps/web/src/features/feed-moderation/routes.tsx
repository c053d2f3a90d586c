import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../../shared/navigation/consoleNav';

/** Console screens of this part; filled in by its issue-13 part. */
export const feedModerationConsoleRoutes: RouteObject[] = [];

export const feedModerationNavigation: ConsoleNavItem[] = [];
