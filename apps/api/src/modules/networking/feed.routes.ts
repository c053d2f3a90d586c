import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the feed part lands. */
export function feedRoutes(_app: ZodApp, _deps: AppDeps): void {}
