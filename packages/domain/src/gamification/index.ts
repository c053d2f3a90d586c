export * from './live.js';
export * from './games.js';
export * from './awards.js';
export * from './leaderboard.js';
export * from './player.js';
export * from './qr-codes.js';
