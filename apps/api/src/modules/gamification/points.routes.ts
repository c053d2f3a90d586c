import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until its part lands: assigned points (by hand) and their list. */
export function pointsRoutes(_app: ZodApp, _deps: AppDeps): void {}
