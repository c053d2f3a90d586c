/** The game page's Assigned points tab; filled in by issue 15's awards part. */
export function AssignedPointsTab(_props: { gameId: string }) {
  return null;
}
