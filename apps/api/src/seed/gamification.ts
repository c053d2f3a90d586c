import type { AppDeps } from '../platform/deps.js';

/** The demo's running game: tasks, teams and badges (issue 15); filled in by the games part. */
export async function seedGamification(_deps: Pick<AppDeps, 'db'>): Promise<void> {}
