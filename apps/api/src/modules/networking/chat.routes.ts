import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the chat part lands. */
export function chatRoutes(_app: ZodApp, _deps: AppDeps): void {}
