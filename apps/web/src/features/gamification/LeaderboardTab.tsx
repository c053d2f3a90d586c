/** The game page's Leaderboard tab (standings, report, front-of-room link); filled in by issue 15's leaderboards part. */
export function LeaderboardTab(_props: { gameId: string }) {
  return null;
}
