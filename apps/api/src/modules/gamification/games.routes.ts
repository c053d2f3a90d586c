import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until its part lands: games, teams, tasks (with reorder) and badges: the console CRUD. */
export function gameRoutes(_app: ZodApp, _deps: AppDeps): void {}
