import type { RouteObject } from 'react-router';
import type { ConsoleNavItem } from '../../shared/navigation/consoleNav';

/** Console `/engagement/gamification` and a game's page; filled in by issue 15's games part. */
export const gamificationConsoleRoutes: RouteObject[] = [];

export const gamificationNavigation: ConsoleNavItem[] = [];
