import { Anchor, AppShell, Burger, Group, Image } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useBrand } from '../../shared/brand/BrandProvider';
import { SkipLink } from '../../shared/ui/SkipLink';
import { useEventSelection } from '../../features/events/useEvents';
import { ImpersonationBanner } from '../ImpersonationBanner';
import { RouteLoading } from '../RouteLoading';
import { ConsoleNavbar } from './ConsoleNavbar';
import { EventSwitcher } from './EventSwitcher';
import { UserMenu } from './UserMenu';

/** The admin console frame: header (brand, event switcher, user menu), side navigation, content. */
export function ConsoleLayout() {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure();
  // Event-scoped screens wait (briefly, only while nothing is selected) for the remembered or only event.
  const { choosing } = useEventSelection();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'nav.close' : 'nav.open')}
            />
            <Anchor
              component={Link}
              to="/"
              aria-label={t('brandHome', { brand: brand.title })}
              visibleFrom="xs"
            >
              <Image src={brand.logoUrl} alt="" h={34} w="auto" fit="contain" />
            </Anchor>
            <EventSwitcher />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <UserMenu showParticipantView />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('nav.label')}>
        <ConsoleNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} bg="var(--mantine-color-gray-0)">
        <ImpersonationBanner />
        {choosing ? <RouteLoading /> : <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
