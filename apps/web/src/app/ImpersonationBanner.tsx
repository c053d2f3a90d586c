import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommonState } from '../shared/session/hooks';
import { stopImpersonation } from '../shared/session/impersonation';

/** While an admin acts as someone: who, and Stop. Both surfaces show it above their content. */
export function ImpersonationBanner() {
  const { t } = useTranslation('shell');
  const { impersonatedUser } = useCommonState();
  if (!impersonatedUser) return null;
  return (
    <Alert color="orange" variant="light" py="xs" mb="md" role="region" aria-label={t('impersonation.label')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" c="dark.9">
          {t('impersonation.active', { name: impersonatedUser.name })}
        </Text>
        <Button size="xs" variant="default" onClick={stopImpersonation}>
          {t('impersonation.stop')}
        </Button>
      </Group>
    </Alert>
  );
}
