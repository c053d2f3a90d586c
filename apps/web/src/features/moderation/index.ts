/** The moderation area's public face (routes for the console shell). */
export { moderationRoutes, moderationNavigation, ModeratorLanding, MODERATION_PATH } from './routes';
