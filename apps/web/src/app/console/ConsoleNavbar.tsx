import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import type { NavArea } from '../../shared/navigation/consoleNav';
import { AREA_ORDER, consoleNavigation, navPath, type ConsoleNavItem } from './navigation';

function groupByArea(items: readonly ConsoleNavItem[]): [NavArea, ConsoleNavItem[]][] {
  const groups = new Map<NavArea, ConsoleNavItem[]>();
  for (const item of items) groups.set(item.area, [...(groups.get(item.area) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => AREA_ORDER.indexOf(a) - AREA_ORDER.indexOf(b));
}

/** The console's side navigation: the registry, filtered by role and the selected event. */
export function ConsoleNavbar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { role, userData } = useUserState();
  const eventId = userData?.selectedEventId ?? null;
  const allowed = consoleNavigation.filter((item) => role !== null && item.roles.includes(role));
  // One entry is current: the longest path that matches (/attendees/labels, not /attendees too).
  const current = allowed
    .map((item) => navPath(item, eventId))
    .filter((to): to is string => to !== null && (to === '/' ? pathname === '/' : matchPath({ path: to, end: false }, pathname) !== null))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <Stack gap="lg" p="md">
        {groupByArea(allowed).map(([area, items]) => (
          <Stack gap={2} key={area} component="section" aria-labelledby={`nav-area-${area}`}>
            <Text id={`nav-area-${area}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`navArea.${area}`)}
            </Text>
            {items.some((item) => item.eventScoped) && !eventId && (
              <Text size="sm" c="dimmed" px="sm">
                {t('nav.chooseEventHint')}
              </Text>
            )}
            {items.map((item) => {
              // Event-scoped screens need a selected event: hidden until one is chosen.
              if (item.eventScoped && !eventId) return null;
              const to = navPath(item, eventId);
              if (to === null) return null;
              const active = to === current;
              return (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={to}
                  label={t(item.labelKey)}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                  fw={500}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
