import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the e-mail log part lands. */
export function emailLogRoutes(_app: ZodApp, _deps: AppDeps): void {}
