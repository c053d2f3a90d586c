import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the cards part lands. */
export function cardRoutes(_app: ZodApp, _deps: AppDeps): void {}
