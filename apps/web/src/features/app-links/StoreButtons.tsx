import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/BrandProvider';
import { AppleMark, PlayMark } from '../../shared/ui/icons';

function StoreButton({
  href,
  mark,
  small,
  big,
}: {
  href: string;
  mark: React.ReactNode;
  small: string;
  big: string;
}) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="dark"
      size="lg"
      h={56}
      leftSection={mark}
      styles={{ inner: { justifyContent: 'flex-start' } }}
      miw={190}
    >
      <Stack gap={0} align="flex-start">
        <Text span size="xs" lh={1.2} c="inherit">
          {small}
        </Text>
        <Text span fw={700} lh={1.2} c="inherit">
          {big}
        </Text>
      </Stack>
    </Button>
  );
}

/** The brand's store links; nothing when the brand has none configured. */
export function StoreButtons() {
  const brand = useBrand();
  const { t } = useTranslation('shell');
  if (!brand.iosStoreUrl && !brand.androidStoreUrl) {
    return <Text c="dimmed">{t('download.noStores', { brand: brand.title })}</Text>;
  }
  return (
    <Group gap="sm">
      {brand.iosStoreUrl && (
        <StoreButton
          href={brand.iosStoreUrl}
          mark={<AppleMark />}
          small={t('download.iosSmall')}
          big={t('download.iosBig')}
        />
      )}
      {brand.androidStoreUrl && (
        <StoreButton
          href={brand.androidStoreUrl}
          mark={<PlayMark />}
          small={t('download.androidSmall')}
          big={t('download.androidBig')}
        />
      )}
    </Group>
  );
}
