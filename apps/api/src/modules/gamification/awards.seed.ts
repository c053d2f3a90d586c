/** The award function and assigned points for the demo seed (DB only: the seed has no realtime). */
export { awardFacts } from './awards.service.js';
export { insertAssigned } from './assigned-points.repo.js';
