/** The demo's games (issue 15); the queries live in gamification.repo.ts. */
export { DEMO_GAME_NAME, DEMO_TEAM_GAME_NAME, seedGamification } from './gamification.repo.js';
