import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the meetings part lands. */
export function meetingRoutes(_app: ZodApp, _deps: AppDeps): void {}
