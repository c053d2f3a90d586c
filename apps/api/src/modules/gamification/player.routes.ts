import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until its part lands: the participant's game page: my games, progress, badge gallery, opt-out, app installed. */
export function playerRoutes(_app: ZodApp, _deps: AppDeps): void {}
