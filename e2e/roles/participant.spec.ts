import { DEMO, DEMO_EVENT } from '../support/env';
import { participantRoleJourney } from '../support/participant-journey';

// Issue 11, Tests: the demo participant's every screen of the participant app at 1440 px and 390 px
// (axe, real content, screenshots in e2e/screenshots/participant/): My events, the event's tabs
// (Home, Agenda, My Agenda, People, More), what More offers, and the first item each lists.
participantRoleJourney({
  account: DEMO.participant,
  event: DEMO_EVENT,
  tabs: [
    { name: 'Home', path: '/home' },
    { name: 'Agenda', path: '/agenda' },
    { name: 'My Agenda', path: '/my-agenda' },
    { name: 'People', path: '/people' },
    { name: 'More', path: '/more' },
  ],
  more: [
    { name: 'Maps', path: '/maps' },
    { name: 'Materials', path: '/materials' },
    { name: 'Check-in', path: '/scan' },
    { name: 'Profile', path: /^\/profile\/[^/]+$/ },
    { name: 'Edit profile', path: '/edit-profile' },
    { name: 'Contacts', path: '/contacts' },
  ],
});
