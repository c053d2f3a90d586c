/** The participant app's tabs, in their order. */
export const TAB_IDS = ['home', 'agenda', 'my-agenda', 'people', 'more'] as const;
export type TabId = (typeof TAB_IDS)[number];

/** The page id (first segment after `/event/{eventId}/`) → the tab it belongs to. */
const TAB_OF_PAGE: Record<string, TabId> = {
  home: 'home',
  agenda: 'agenda',
  'my-agenda': 'my-agenda',
  people: 'people',
  profile: 'people',
  more: 'more',
  maps: 'more',
  materials: 'more',
  scan: 'more',
  'edit-profile': 'more',
  // networking (issue 13)
  directories: 'people',
  directory: 'people',
  'activity-feed': 'more',
  meetings: 'more',
  chat: 'more',
  contacts: 'more',
  badge: 'more',
  'card-scan': 'more',
  inbox: 'more',
  // gamification (issue 15)
  game: 'more',
};

/** The tab to highlight for a participant-app path; null outside an event or on a designer's page. */
export function activeTab(pathname: string): TabId | null {
  const match = /^\/event\/[^/]+\/([^/?#]+)/.exec(pathname);
  if (!match) return null;
  return TAB_OF_PAGE[decodeURIComponent(match[1]!)] ?? null;
}

/** Where each tab leads. */
export function tabPath(eventId: string, tab: TabId): string {
  return `/event/${encodeURIComponent(eventId)}/${tab}`;
}
