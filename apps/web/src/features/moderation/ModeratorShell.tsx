import { Anchor, AppShell, Container, Group, Image, Select, Text } from '@mantine/core';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { isAdminRole } from '@plenary/domain';
import { useBrand } from '../../shared/brand/BrandProvider';
import { useUserState } from '../../shared/session/hooks';
import { selectEvent } from '../../shared/session/userStore';
import { SkipLink } from '../../shared/ui/SkipLink';
import { useUserEvents } from '../events';

/** The events a moderator may moderate in (the user's events where they are moderator or admin). */
export function useModeratedEvents() {
  const events = useUserEvents();
  const records = (events.data?.records ?? []).filter((e) => e.role === 'moderator' || e.role === 'admin');
  return { ...events, records };
}

/**
 * A moderator's frame: not the console (moderators are not admins), a plain header with the brand,
 * the event they moderate in and sign-out. The event follows the selected one, else their first.
 */
function ModeratorFrame() {
  const brand = useBrand();
  const { t } = useTranslation('moderation');
  const selected = useUserState().userData?.selectedEventId ?? null;
  const events = useModeratedEvents();
  const first = events.records[0]?.id ?? null;
  const known = events.records.some((e) => e.id === selected);
  useEffect(() => {
    if (events.isSuccess && !known && first) selectEvent(first);
  }, [events.isSuccess, known, first]);

  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'md', sm: 'xl' }}>
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/moderation" aria-label={t('shell.title')}>
              <Image src={brand.logoUrl} alt="" h={34} w="auto" fit="contain" />
            </Anchor>
            <Text fw={600}>{t('shell.title')}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {events.records.length > 1 && (
              <Select
                aria-label={t('shell.event')}
                data={events.records.map((e) => ({ value: e.id, label: e.name }))}
                value={selected}
                onChange={(v) => v && selectEvent(v)}
                allowDeselect={false}
                w={{ base: 150, sm: 240 }}
              />
            )}
            <Anchor component={Link} to="/logout" size="sm">
              {t('shell.signOut')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} bg="var(--mantine-color-gray-0)">
        <Container size="xl" px={0}>
          {events.isSuccess && events.records.length === 0 ? (
            <Text role="status">{t('shell.noEvent')}</Text>
          ) : (
            <Outlet />
          )}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** Admins moderate inside the console (its layout, navigation and event switcher); moderators in their own frame. */
export function ModerationFrame({ consoleLayout: ConsoleLayout }: { consoleLayout: ComponentType }) {
  const { role } = useUserState();
  return role !== null && isAdminRole(role) ? <ConsoleLayout /> : <ModeratorFrame />;
}
