import { Button, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBrand } from '../../shared/brand/BrandProvider';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { ArrowRightIcon } from '../../shared/ui/icons';
import { participantEventPath } from '../events';
import { mobilePlatform, storeUrlFor } from './mobilePlatform';
import { StoreButtons } from './StoreButtons';

/**
 * `/event-url/:eventId`: mobile visitors go to their brand's store; desktop visitors get a QR code
 * of the event's participant address, the store badges and 'Continue On Web'.
 */
export function EventUrlPage() {
  const { eventId = '' } = useParams();
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const storeUrl = storeUrlFor(brand, mobilePlatform(navigator.userAgent, navigator.maxTouchPoints));
  const webPath = participantEventPath(eventId);
  const eventUrl = `${window.location.origin}${webPath}`;

  useEffect(() => {
    if (storeUrl) window.location.replace(storeUrl);
  }, [storeUrl]);

  if (storeUrl) {
    return (
      <CenteredLayout title={t('eventUrl.redirecting')}>
        <Button component="a" href={storeUrl}>
          {t('eventUrl.openStore')}
        </Button>
      </CenteredLayout>
    );
  }

  return (
    <CenteredLayout title={t('eventUrl.title', { brand: brand.title })} width={760}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="sm" align="center">
          <Title order={2} size="h4">
            {t('eventUrl.continueOnApp')}
          </Title>
          <Paper withBorder p="md" radius="md" bg="white">
            <QRCodeSVG value={eventUrl} size={184} marginSize={0} title={t('eventUrl.qrTitle')} />
          </Paper>
          <Text size="sm" c="dimmed" ta="center">
            {t('eventUrl.scanHint')}
          </Text>
        </Stack>
        <Stack gap="md" justify="center">
          <Title order={2} size="h4">
            {t('eventUrl.downloadOurApp')}
          </Title>
          <StoreButtons />
          <Divider label={t('eventUrl.or')} labelPosition="left" />
          <Button component={Link} to={webPath} size="md" rightSection={<ArrowRightIcon />} variant="light">
            {t('eventUrl.continueOnWeb')}
          </Button>
        </Stack>
      </SimpleGrid>
    </CenteredLayout>
  );
}
