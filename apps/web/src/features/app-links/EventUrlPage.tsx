import { Button, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBrand } from '../../shared/brand/BrandProvider';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { ArrowRightIcon } from '../../shared/ui/icons';
import { participantEventPath } from '../events';
import { InstallOffer, useAppOffer } from './InstallOffer';
import { mobilePlatform } from './mobilePlatform';
import { StoreButtons } from './StoreButtons';

/**
 * `/event-url/:eventId`: mobile visitors go to their brand's store when the brand has a listing
 * for their phone (config/brands.json), else stay on the web app ('Continue On Web', Install);
 * desktop visitors get a QR code of the event's participant address, the store badges (or
 * Install) and 'Continue On Web'.
 */
export function EventUrlPage() {
  const { eventId = '' } = useParams();
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const platform = mobilePlatform(navigator.userAgent, navigator.maxTouchPoints);
  const offer = useAppOffer();
  const storeUrl = offer.kind === 'store' ? offer.url : null;
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

  // A phone without a store listing for it stays on the web app, and may install it from here.
  if (platform) {
    return (
      <CenteredLayout title={t('eventUrl.title', { brand: brand.title })} width={520}>
        <Stack gap="lg">
          <Button component={Link} to={webPath} size="md" rightSection={<ArrowRightIcon />}>
            {t('eventUrl.continueOnWeb')}
          </Button>
          <InstallOffer offer={offer} />
        </Stack>
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
          <InstallOffer offer={offer} />
          <Divider label={t('eventUrl.or')} labelPosition="left" />
          <Button component={Link} to={webPath} size="md" rightSection={<ArrowRightIcon />} variant="light">
            {t('eventUrl.continueOnWeb')}
          </Button>
        </Stack>
      </SimpleGrid>
    </CenteredLayout>
  );
}
