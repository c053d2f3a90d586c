import type { RequiredScreen } from './role-journey';

/**
 * The screens each role's navigation must offer (issue 11's role journeys, e2e/roles): a screen
 * vanishing from the navigation fails its journey. Screens added later are found by walking the
 * navigation; add them here once they are part of what a role must have.
 */

/** The event's console screens every admin role has once an event is chosen. */
export const EVENT_SCREENS: readonly RequiredScreen[] = [
  { name: 'Overview', path: /^\/[^/]+\/overview$/ },
  { name: 'Event details', path: '/event-details' },
  { name: 'Attendees', path: '/attendees' },
  { name: 'Magic links', path: '/attendees/magic-links' },
  { name: 'Labels', path: '/attendees/labels' },
  { name: 'Custom fields', path: '/attendees/custom-fields' },
  { name: 'Sessions', path: '/agenda' },
  { name: 'Collections', path: '/agenda/collections' },
  { name: 'Locations', path: '/agenda/locations' },
  { name: 'Breakouts', path: '/setup/sessions' },
  { name: 'Data import', path: '/setup/data-import' },
  { name: 'Materials', path: '/content' },
  { name: 'Interactive maps', path: '/content/interactive-maps' },
  { name: 'Engagement tools', path: '/engagement' },
  { name: 'Gamification', path: '/engagement/gamification' },
  { name: 'Moderation', path: '/moderation' },
  { name: 'Meetings', path: '/agenda/meetings' },
  { name: 'Directories', path: '/directories' },
  { name: 'Chat', path: '/networking/chat' },
  { name: 'Activity feed', path: '/networking/feed' },
  { name: 'Communications', path: '/communication' },
  { name: 'E-mails', path: '/communication/emails' },
  { name: 'All tools', path: '/more' },
  { name: 'Custom QR codes', path: '/more/custom-qr-codes' },
];

export const CONSOLE_HOME: RequiredScreen = { name: 'Home', path: '/' };

// No "Dev mailbox": the journeys' server sends e-mail over SMTP (the mail sink), so the menu leaves it
// out (GET dev/mailbox/status); accounts.users.test.ts covers the page's API.
export const SUPER_ADMIN_SCREENS: readonly RequiredScreen[] = [
  { name: 'Dashboard', path: '/super-admin' },
  { name: 'Organizations', path: '/organizations' },
  { name: 'Event hubs', path: '/event-hubs' },
  { name: 'Events', path: '/events' },
  { name: 'Admin users', path: '/admin-users' },
  { name: 'App versions', path: '/app-versions' },
];

export const ORGANIZATION_ADMIN_SCREENS: readonly RequiredScreen[] = [
  CONSOLE_HOME,
  { name: 'Administration: admin users', path: '/administration/admin-users' },
  ...EVENT_SCREENS,
];
