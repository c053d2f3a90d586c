import { consoleRoleJourney } from '../support/console-journey';
import { DEMO_EVENT } from '../support/env';
import { demoHubAdmin } from '../support/hub-admin';
import { CONSOLE_HOME, EVENT_SCREENS } from '../support/role-screens';

// Issue 11, Tests: an event hub admin of the demo hub, every console screen at 1440 px and 390 px
// (axe, real content, screenshots in e2e/screenshots/hub-admin/).
consoleRoleJourney({
  account: demoHubAdmin,
  event: DEMO_EVENT,
  required: [CONSOLE_HOME, ...EVENT_SCREENS],
});
