/**
 * Issue 15 (gamification), leaderboards: the front-of-room board `/:eventId/leader-board/:gameId`
 * (features/leaderboard-screen, projected at 1920×1080, so texts are short) and the console game
 * page's Leaderboard tab (features/gamification/Leaderboard*).
 */
export default {
  screen: {
    title: 'Leaderboard',
    subtitle_one: 'Leaderboard · top {{shown}} of {{count}} player',
    subtitle_other: 'Leaderboard · top {{shown}} of {{count}} players',
    loading: 'Loading…',
    notAvailable: 'This leaderboard is not available. It may have been removed, or you may not have access.',
    empty: 'No points yet. Complete tasks in the event app to climb the leaderboard!',
    players: 'Players',
    teams: 'Teams',
    rank: 'Rank',
    points: '{{score}} pts',
    members_one: '{{count}} member',
    members_other: '{{count}} members',
  },
  tab: {
    title: 'Leaderboard',
    openBoard: 'Open front-of-room board',
    openBoardHint: '(opens in a new tab)',
    report: 'Download report',
    reportCsv: 'Report (CSV)',
    reportXlsx: 'Report (Excel)',
    reportFailed: 'The report could not be downloaded. Try again.',
    standings: 'Standings',
    search: 'Search by name or e-mail',
    empty: 'No one has points yet',
    emptyText:
      'Players appear here as they earn points from the tasks, or when you assign points by hand. The front-of-room board fills up at the same time.',
    optedOut: 'Opted out',
    optedOutHint: 'Opted out of the game: keeps their points but is left out of public boards',
    optedOutFilter: 'Opted out',
    hidden: 'Hidden profile',
    hiddenHint: 'Their profile is hidden: they keep their points but are left out of public boards',
    teamStandings: 'Team standings',
    teamsEmpty: 'No team has points yet.',
    columns: {
      rank: 'Rank',
      name: 'Name',
      email: 'E-mail',
      team: 'Team',
      score: 'Score',
      badges: 'Badges',
      reachedAt: 'Score reached',
      members: 'Members',
    },
    noTeam: 'No team',
  },
};
