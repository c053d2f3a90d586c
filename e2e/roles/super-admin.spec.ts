import { consoleRoleJourney } from '../support/console-journey';
import { SUPER_ADMIN } from '../support/env';
import { SUPER_ADMIN_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the super admin's every console screen at 1440 px and 390 px (axe, real content,
// screenshots in e2e/screenshots/super-admin/). No event is chosen: the event's screens are the
// other roles' journeys; whatever the navigation offers the super admin is walked.
consoleRoleJourney({
  account: SUPER_ADMIN,
  required: SUPER_ADMIN_SCREENS,
});
