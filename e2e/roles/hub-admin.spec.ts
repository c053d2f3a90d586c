import { consoleRoleJourney } from '../support/console-journey';
import { DEMO_EVENT } from '../support/env';
import { demoHubAdmin } from '../support/hub-admin';
import { CONSOLE_HOME, EVENT_SCREENS } from '../support/role-screens';

// Issue 11, Tests: an event hub admin of the demo hub at 1440 and 390 px: the navigation must offer
// Home and every event screen; the screens only this role's navigation leads to are walked (axe, real
// content, screenshots in e2e/screenshots/hub-admin/). The event's screens themselves are the event
// admin's journey's (the same pages on the same data), walked at both widths there.
consoleRoleJourney({
  account: demoHubAdmin,
  event: DEMO_EVENT,
  required: [CONSOLE_HOME, ...EVENT_SCREENS],
  walkedElsewhere: EVENT_SCREENS,
});
