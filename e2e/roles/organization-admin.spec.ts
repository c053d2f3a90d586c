import { consoleRoleJourney } from '../support/console-journey';
import { DEMO, DEMO_EVENT } from '../support/env';
import { EVENT_SCREENS, ORGANIZATION_ADMIN_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the demo organisation admin's every console screen at 1440 px (axe, real content,
// screenshots in e2e/screenshots/organization-admin/); at 390 px the navigation and the screens only
// this role has (Home, Administration): the event's screens at 390 px are the event admin's journey's.
consoleRoleJourney({
  account: DEMO.orgAdmin,
  event: DEMO_EVENT,
  required: ORGANIZATION_ADMIN_SCREENS,
  phoneWalkedElsewhere: EVENT_SCREENS,
});
