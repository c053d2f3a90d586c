import { tenancyNavigation } from '../../features/tenancy/routes';
import { attendeesNavigation } from '../../features/attendees/routes';
import { customFieldsNavigation } from '../../features/custom-fields/routes';
import { labelsNavigation } from '../../features/labels/routes';
import { dataImportNavigation } from '../../features/data-import/routes';
import { contentNavigation } from '../../features/content/routes';
import { agendaNavigation } from '../../features/agenda/routes';
import { engagementNavigation } from '../../features/engagement/routes';
import { communicationsNavigation } from '../../features/communications/routes';
import { gamificationNavigation } from '../../features/gamification/routes';
import { qrCodesNavigation } from '../../features/qr-codes/routes';
import { meetingsNavigation } from '../../features/meetings/routes';
import { directoriesNavigation } from '../../features/directories/routes';
import { chatModerationNavigation } from '../../features/chat-moderation/routes';
import { feedModerationNavigation } from '../../features/feed-moderation/routes';
import { moderationNavigation } from '../../features/moderation';
import type { DerivedRole } from '@plenary/domain';
import {
  ADMIN_ROLES,
  NAV_AREAS,
  type ConsoleNavItem,
  type NavArea,
} from '../../shared/navigation/consoleNav';

export type { ConsoleNavItem } from '../../shared/navigation/consoleNav';

/**
 * The console navigation, grouped by the spec's areas. An area is listed here only once its
 * screens exist: no dead links, no placeholder pages.
 */
export const consoleNavigation: readonly ConsoleNavItem[] = [
  // Super admins' home is /super-admin (tenancy): '/' would only redirect there.
  {
    area: 'general',
    labelKey: 'shell:nav.home',
    path: '/',
    roles: ADMIN_ROLES.filter((r) => r !== 'superadmin'),
    eventScoped: false,
  },
  {
    area: 'event',
    labelKey: 'shell:nav.overview',
    path: '/:eventId/overview',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  {
    area: 'event',
    labelKey: 'shell:nav.eventDetails',
    path: '/event-details',
    roles: ADMIN_ROLES,
    eventScoped: true,
  },
  ...tenancyNavigation,
  ...attendeesNavigation,
  ...labelsNavigation,
  ...customFieldsNavigation,
  ...dataImportNavigation,
  ...contentNavigation,
  ...agendaNavigation,
  ...moderationNavigation,
  ...engagementNavigation,
  ...gamificationNavigation,
  ...meetingsNavigation,
  ...directoriesNavigation,
  ...chatModerationNavigation,
  ...feedModerationNavigation,
  ...communicationsNavigation,
  ...qrCodesNavigation,
];

/** Order of the area headings: every area an item may name (`NavArea`), in this order. */
export const AREA_ORDER: readonly NavArea[] = NAV_AREAS;

export function navPath(item: ConsoleNavItem, eventId: string | null): string | null {
  if (!item.path.includes(':eventId')) return item.path;
  return eventId ? item.path.replace(':eventId', encodeURIComponent(eventId)) : null;
}

export interface NavSection {
  area: NavArea;
  entries: { item: ConsoleNavItem; to: string }[];
}

/**
 * What the sidebar shows to `role`: areas in their order with the entries it may open. Event-scoped
 * entries wait for a selected event; an area left empty is not shown, and `chooseEventHint` says
 * once (not once per area) that choosing an event brings them.
 */
export function navSections(
  items: readonly ConsoleNavItem[],
  role: DerivedRole | null,
  eventId: string | null,
): { sections: NavSection[]; chooseEventHint: boolean } {
  const allowed = items.filter((item) => role !== null && item.roles.includes(role));
  const groups = new Map<NavArea, NavSection['entries']>();
  let hidden = false;
  for (const item of allowed) {
    const to = item.eventScoped && !eventId ? null : navPath(item, eventId);
    if (to === null) {
      hidden = true;
      continue;
    }
    groups.set(item.area, [...(groups.get(item.area) ?? []), { item, to }]);
  }
  const sections = [...groups.entries()]
    .sort(([a], [b]) => AREA_ORDER.indexOf(a) - AREA_ORDER.indexOf(b))
    .map(([area, entries]) => ({ area, entries }));
  return { sections, chooseEventHint: hidden };
}
