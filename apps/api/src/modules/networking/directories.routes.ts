import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the directories part lands. */
export function directoryRoutes(_app: ZodApp, _deps: AppDeps): void {}
