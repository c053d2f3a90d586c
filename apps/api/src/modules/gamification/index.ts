import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { gameRoutes } from './games.routes.js';
import { leaderboardRoutes } from './leaderboards.routes.js';
import { playerRoutes } from './player.routes.js';
import { subscribeAwards } from './awards.subscribers.js';
import { appInstallRoutes } from './app-install.routes.js';

/** For the data import (registered by modules/index.ts): the GameTaskPoint table. */
export { gamePointsImport } from './game-points.import.js';

/** Gamification: games, tasks, badges, the points ledger, awards from domain events, leaderboards (see README.md). */
export const gamificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    gameRoutes(app, deps);
    leaderboardRoutes(app, deps);
    playerRoutes(app, deps);
    appInstallRoutes(app, deps);
    subscribeAwards(deps);
  };
