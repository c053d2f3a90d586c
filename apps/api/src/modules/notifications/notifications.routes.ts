import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the push and inbox part lands. */
export function notificationRoutes(_app: ZodApp, _deps: AppDeps): void {}
