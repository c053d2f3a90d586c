import { consoleRoleJourney } from '../support/console-journey';
import { DEMO, DEMO_EVENT } from '../support/env';
import { CONSOLE_HOME, EVENT_SCREENS } from '../support/role-screens';

// Issue 11, Tests: the demo event admin's every console screen at 1440 px and 390 px (axe, real
// content, screenshots in e2e/screenshots/event-admin/).
consoleRoleJourney({
  account: DEMO.eventAdmin,
  event: DEMO_EVENT,
  required: [CONSOLE_HOME, ...EVENT_SCREENS],
});
