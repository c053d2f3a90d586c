import { Alert, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { LoadError } from '../../shared/ui/LoadError';
import { useBadge } from './api';
import { ContactsShell } from './ContactsShell';
import { IncomingRequests } from './IncomingRequests';
import { displayName, headline, svgDataUrl } from './people';

/** `/event/:eventId/badge`: the participant's PARTICIPANT_QR_CODE, large, with their name; requests arrive live above it. */
export function BadgePage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('contacts');
  const badge = useBadge(eventId);
  const b = badge.data;
  const name = b ? displayName(b) : '';
  return (
    <ContactsShell eventId={eventId} title={t('badge.title')}>
      <Text>{t('badge.intro')}</Text>
      <IncomingRequests eventId={eventId} showEmpty={false} />
      {badge.isError ? (
        <LoadError onRetry={() => void badge.refetch()} message={badge.error.message} />
      ) : (
        <Card withBorder padding="lg" maw={480} w="100%" style={{ alignSelf: 'center' }}>
          <Stack align="center" gap="xs" ta="center">
            {b ? (
              <Image
                src={svgDataUrl(b.svg)}
                alt={t('badge.qrAlt', { name })}
                w="100%"
                maw={360}
                style={{ aspectRatio: '1', background: '#fff' }}
                data-testid="badge-qr"
              />
            ) : (
              <Skeleton
                w="100%"
                maw={360}
                style={{ aspectRatio: '1' }}
                role="status"
                aria-label={t('badge.title')}
              />
            )}
            {b ? (
              <>
                <Title order={2} fz={24}>
                  {name}
                </Title>
                {headline(b) && <Text c="dimmed">{headline(b)}</Text>}
              </>
            ) : (
              <Skeleton h={28} w="60%" />
            )}
          </Stack>
        </Card>
      )}
      {b?.profileHidden && (
        <Alert color="yellow" variant="light">
          {t('badge.hiddenNote')}
        </Alert>
      )}
      <Group gap="sm">
        <Button component={Link} to={participantPaths.cardScan(eventId)}>
          {t('badge.scanSomeone')}
        </Button>
        <Button component={Link} to={participantPaths.contacts(eventId)} variant="default">
          {t('badge.openContacts')}
        </Button>
      </Group>
    </ContactsShell>
  );
}
