import { consoleRoleJourney } from '../support/console-journey';
import { DEMO, DEMO_EVENT } from '../support/env';
import { EVENT_SCREENS, ORGANIZATION_ADMIN_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the demo organisation admin at 1440 and 390 px: the navigation must offer Home,
// Administration and every event screen; the screens only this role has are walked (axe, real
// content, screenshots in e2e/screenshots/organization-admin/). The event's screens themselves are the
// event admin's journey's (the same pages on the same data), walked at both widths there.
consoleRoleJourney({
  account: DEMO.orgAdmin,
  event: DEMO_EVENT,
  required: ORGANIZATION_ADMIN_SCREENS,
  walkedElsewhere: EVENT_SCREENS,
});
