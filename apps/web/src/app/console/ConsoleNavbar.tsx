import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { consoleNavigation, navSections } from './navigation';

/** The console's side navigation: the registry, filtered by role and the selected event. */
export function ConsoleNavbar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { role, userData } = useUserState();
  const eventId = userData?.selectedEventId ?? null;
  const { sections, chooseEventHint } = navSections(consoleNavigation, role, eventId);
  // One entry is current: the longest path that matches (/attendees/labels, not /attendees too).
  const current = sections
    .flatMap((section) => section.entries.map((entry) => entry.to))
    .filter((to) => (to === '/' ? pathname === '/' : matchPath({ path: to, end: false }, pathname) !== null))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <Stack gap="lg" p="md">
        {sections.map(({ area, entries }, index) => (
          <Stack gap={2} key={area} component="section" aria-labelledby={`nav-area-${area}`}>
            <Text id={`nav-area-${area}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {t(`navArea.${area}`)}
            </Text>
            {entries.map(({ item, to }) => {
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
            {chooseEventHint && index === 0 && (
              <Text size="sm" c="dimmed" px="sm" mt="xs">
                {t('nav.chooseEventHint')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
