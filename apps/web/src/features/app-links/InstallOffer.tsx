import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/BrandProvider';
import { appOffer, type AppOffer } from './appOffer';
import { isStandalone, promptInstall, useCanPromptInstall } from './installPrompt';
import { mobilePlatform } from './mobilePlatform';

/** This visitor's offer (see appOffer), read from the browser. */
export function useAppOffer(): AppOffer {
  const brand = useBrand();
  const canPrompt = useCanPromptInstall();
  return appOffer({
    brand,
    platform: mobilePlatform(navigator.userAgent, navigator.maxTouchPoints),
    standalone: isStandalone(),
    canPrompt,
  });
}

/**
 * Install the web app: a button that opens the browser's install dialog where the browser offers
 * one, the add-to-home-screen steps on iOS, nothing when already installed or nothing can be done.
 */
export function InstallOffer({ offer }: { offer: AppOffer }) {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const [answer, setAnswer] = useState<'accepted' | 'dismissed' | 'unavailable' | null>(null);
  if (answer === 'accepted') return <Text role="status">{t('install.done', { brand: brand.title })}</Text>;
  if (offer.kind === 'install')
    return (
      <Stack gap="xs">
        <Text>{t('install.text', { brand: brand.title })}</Text>
        <Button size="md" onClick={() => void promptInstall().then(setAnswer)}>
          {t('install.button')}
        </Button>
      </Stack>
    );
  if (offer.kind === 'ios-hint')
    return (
      <Alert variant="light" title={t('install.iosTitle', { brand: brand.title })}>
        {t('install.iosSteps')}
      </Alert>
    );
  return null;
}
