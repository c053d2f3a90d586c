/** Settings: each user's saved list views (columns, sorts, filters) per screen. */
export { settingsRoutes } from './view-settings.routes.js';
