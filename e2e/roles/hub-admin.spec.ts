import { consoleRoleJourney } from '../support/console-journey';
import { DEMO_EVENT } from '../support/env';
import { demoHubAdmin } from '../support/hub-admin';
import { CONSOLE_HOME, EVENT_SCREENS } from '../support/role-screens';

// Issue 11, Tests: an event hub admin of the demo hub, every console screen at 1440 px (axe, real
// content, screenshots in e2e/screenshots/hub-admin/); at 390 px the navigation and the screens no
// other role's journey walks at that width: the event's screens are the event admin's journey's
// (the same pages on the same data), walked at both widths there.
consoleRoleJourney({
  account: demoHubAdmin,
  event: DEMO_EVENT,
  required: [CONSOLE_HOME, ...EVENT_SCREENS],
  phoneWalkedElsewhere: EVENT_SCREENS,
});
