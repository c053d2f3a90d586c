/** The award function for the demo seed (DB only: the seed has no realtime). */
export { awardFacts } from './awards.service.js';
