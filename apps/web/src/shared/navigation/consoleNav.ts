import type { DerivedRole } from '@plenary/domain';

/**
 * The console's navigation areas, in the order their headings appear. Each needs a heading label,
 * `shell:navArea.<area>` (the catalog's type checks that every area has one).
 */
export const NAV_AREAS = [
  'general',
  'event',
  'attendees',
  'agenda',
  'content',
  'engagement',
  'networking',
  'communication',
  'more',
  'setup',
  'superAdmin',
  'administration',
] as const;
export type NavArea = (typeof NAV_AREAS)[number];

/**
 * One entry of the console navigation. `area` groups entries under a heading; `labelKey` is an
 * i18n key with its namespace ('shell:nav.overview'); an event-scoped `path` may contain
 * ':eventId', filled with the selected event.
 */
export interface ConsoleNavItem {
  area: NavArea;
  labelKey: string;
  path: string;
  roles: readonly DerivedRole[];
  eventScoped: boolean;
}

export const ADMIN_ROLES: readonly DerivedRole[] = [
  'superadmin',
  'organizationadmin',
  'eventhubadmin',
  'eventadmin',
];
