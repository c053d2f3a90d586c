import { consoleRoleJourney } from '../support/console-journey';
import { DEMO, DEMO_EVENT } from '../support/env';
import { ORGANIZATION_ADMIN_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the demo organisation admin's every console screen at 1440 px and 390 px (axe,
// real content, screenshots in e2e/screenshots/organization-admin/).
consoleRoleJourney({
  account: DEMO.orgAdmin,
  event: DEMO_EVENT,
  required: ORGANIZATION_ADMIN_SCREENS,
});
