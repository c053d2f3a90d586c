import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CalendarIcon, HomeIcon, MoreIcon, StarIcon, UsersIcon } from '../../shared/ui/icons';
import { activeTab, TAB_IDS, tabPath, type TabId } from './navTabs';
import classes from './participantNav.module.css';

export { classes as participantNavClasses };

const ICONS: Record<TabId, ComponentType<{ size?: number }>> = {
  home: HomeIcon,
  agenda: CalendarIcon,
  'my-agenda': StarIcon,
  people: UsersIcon,
  more: MoreIcon,
};

const LABELS: Record<TabId, string> = {
  home: 'nav.home',
  agenda: 'nav.agenda',
  'my-agenda': 'nav.myAgenda',
  people: 'nav.people',
  more: 'nav.more',
};

/**
 * The event's tabs: a bar at the bottom on phones, under the header from 768 px. Plain links in a
 * labelled nav, the current one marked with aria-current.
 */
export function ParticipantNav({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantApp');
  const active = activeTab(useLocation().pathname);
  return (
    <nav aria-label={t('nav.label')} className={classes.nav}>
      <ul className={classes.list}>
        {TAB_IDS.map((tab) => {
          const Icon = ICONS[tab];
          return (
            <li key={tab}>
              <Link
                to={tabPath(eventId, tab)}
                className={classes.tab}
                aria-current={tab === active ? 'page' : undefined}
              >
                <Icon size={22} />
                <span>{t(LABELS[tab])}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
