/** The front-of-room leaderboard's public face: its route, and what the console's Leaderboard tab shares with it. */
export { leaderboardScreenRoutes } from './routes';
export { boardScreenUrl, leaderboardPaths, useBoard } from './api';
