/** The front-of-room screens' public face (routes for the console shell). */
export { engagementScreenRoutes } from './routes';
/** The projector frame, its centred message and the self-scrolling list, reused by the front-of-room leaderboard. */
export { ScreenFrame, ScreenMessage } from './ScreenFrame';
export { AutoScroll } from './AutoScroll';
