import { Alert, Anchor, Box, Button, Container, Group, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { AgendaMenuItems } from '../../features/participant-agenda/AgendaMenuItems';
import { ParticipantNav, participantNavClasses } from '../../features/participant-app/ParticipantNav';
import { InboxBell } from '../../features/participant-inbox';
import { useAppInstalled } from '../../features/participant-game/useAppInstalled';
import { ProfileMenuItems } from '../../features/participant-profile/ProfileMenuItems';
import { useBrand } from '../../shared/brand/BrandProvider';
import { setParticipantView } from '../../shared/session/auth';
import { useCommonState } from '../../shared/session/hooks';
import { SkipLink } from '../../shared/ui/SkipLink';
import { isConsoleHost } from '../../shared/surface';
import { UserMenu } from '../console/UserMenu';
import { ImpersonationBanner } from '../ImpersonationBanner';

/** Mobile-first frame of the participant app: a slim header and one content column. */
export function ParticipantLayout() {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const { participantView, impersonatedUser } = useCommonState();
  // While impersonating, the impersonation banner says whose view this is and how to leave it.
  const adminPreview = participantView && isConsoleHost() && !impersonatedUser;
  const { eventId } = useParams();
  useAppInstalled(eventId);

  return (
    <Box
      mih="100dvh"
      bg="var(--mantine-color-gray-0)"
      className={eventId ? participantNavClasses.withTabBar : undefined}
    >
      <SkipLink />
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="md" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" aria-label={t('brandHome', { brand: brand.title })}>
              <Image src={brand.logoUrl} alt="" h={32} w="auto" fit="contain" />
            </Anchor>
            <Group gap="md" wrap="nowrap">
              {eventId && <InboxBell eventId={eventId} />}
              <UserMenu
                showParticipantView={false}
                items={
                  eventId && (
                    <>
                      <AgendaMenuItems eventId={eventId} />
                      <ProfileMenuItems eventId={eventId} />
                    </>
                  )
                }
              />
            </Group>
          </Group>
        </Container>
      </Box>
      {eventId && <ParticipantNav eventId={eventId} />}
      {adminPreview && (
        <Container size="md" pt="md">
          <Alert color="orange" variant="light" title={t('participantView.title')}>
            <Group justify="space-between" gap="sm">
              <span>{t('participantView.text')}</span>
              <Button size="xs" variant="default" onClick={() => setParticipantView(false)}>
                {t('participantView.back')}
              </Button>
            </Group>
          </Alert>
        </Container>
      )}
      <Container component="main" id="main" tabIndex={-1} size="md" py={{ base: 'md', sm: 'xl' }}>
        <ImpersonationBanner />
        <Outlet />
      </Container>
    </Box>
  );
}
