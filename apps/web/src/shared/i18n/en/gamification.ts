/** Issue 15 (gamification): the games console (features/gamification). The spec's 'Copied: ' comes from the domain. */
export default {
  nav: { games: 'Gamification' },
  modes: { INDIVIDUAL: 'Individual', TEAM: 'Team' },
  scoring: { TOTAL_POINTS: 'Total points', WEIGHTED_POINTS: 'Weighted points' },
  games: {
    title: 'Gamification',
    search: 'Search games',
    empty: 'No games yet',
    emptyText: 'Games reward participants with points and badges for what they do at the event.',
    copy: 'Copy {{name}}',
    copyShort: 'Copy',
    copyFailed: 'The game could not be copied.',
    columns: {
      name: 'Name',
      mode: 'Mode',
      scoring: 'Scoring',
      tasks: 'Tasks',
      badges: 'Badges',
      players: 'Players',
      published: 'Published',
      createdBy: 'Created by',
      updatedAt: 'Updated at',
    },
    delete: {
      button: 'Delete {{name}}',
      title: 'Delete game',
      text: 'Delete "{{name}}" with its tasks, badges and points?',
      confirm: 'Delete',
      deleted: 'Deleted: {{name}}',
    },
  },
};
