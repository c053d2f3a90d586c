import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the campaigns part lands. */
export function communicationRoutes(_app: ZodApp, _deps: AppDeps): void {}
