import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/BrandProvider';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { InstallOffer, useAppOffer } from './InstallOffer';
import { StoreButtons } from './StoreButtons';

/** `/download-app`: the brand's store badges, and Install where the browser offers it. */
export function DownloadAppPage() {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  const offer = useAppOffer();
  return (
    <CenteredLayout title={t('download.title', { brand: brand.title })} width={520}>
      <Text>{t('download.text', { brand: brand.title })}</Text>
      <StoreButtons />
      <InstallOffer offer={offer} />
    </CenteredLayout>
  );
}
