import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until its part lands: leaderboards, the front-of-room snapshot, the gamifications report and the leaderboard room. */
export function leaderboardRoutes(_app: ZodApp, _deps: AppDeps): void {}
