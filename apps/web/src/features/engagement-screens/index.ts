/** The front-of-room screens' public face (routes for the console shell). */
export { engagementScreenRoutes } from './routes';
