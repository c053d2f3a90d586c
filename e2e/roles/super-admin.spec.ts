import { consoleRoleJourney } from '../support/console-journey';
import { SUPER_ADMIN } from '../support/env';
import { EVENT_SCREENS, SUPER_ADMIN_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the super admin's every console screen at 1440 px and 390 px (axe, real content,
// screenshots in e2e/screenshots/super-admin/): the platform's screens (dashboard, organisations, hubs,
// events, admin users, app versions) and whatever else the navigation offers. The event's screens,
// which the navigation offers once an event is chosen, are the event admin's journey's (the same pages
// on the same data).
consoleRoleJourney({
  account: SUPER_ADMIN,
  required: SUPER_ADMIN_SCREENS,
  walkedElsewhere: EVENT_SCREENS,
});
