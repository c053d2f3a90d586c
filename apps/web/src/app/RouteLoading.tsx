import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded screen arrives (first load only). */
export function RouteLoading() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" role="status" aria-label={t('states.loading')}>
      <Loader />
    </Center>
  );
}
