import type { AppDeps } from '../../platform/deps.js';

/** Placeholder until the awards part lands: one handler per domain event a task kind earns from. */
export function subscribeAwards(_deps: AppDeps): void {}
