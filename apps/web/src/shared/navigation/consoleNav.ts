import type { DerivedRole } from '@plenary/domain';

/**
 * One entry of the console navigation. `area` groups entries under a heading; `labelKey` is an
 * i18n key with its namespace ('shell:nav.overview'); an event-scoped `path` may contain
 * ':eventId', filled with the selected event.
 */
export interface ConsoleNavItem {
  area: string;
  labelKey: string;
  path: string;
  roles: readonly DerivedRole[];
  eventScoped: boolean;
}

export const ADMIN_ROLES: readonly DerivedRole[] = ['superadmin', 'organizationadmin', 'eventhubadmin', 'eventadmin'];
