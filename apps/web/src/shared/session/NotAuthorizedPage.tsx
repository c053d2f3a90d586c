import { Button, Group, Text } from '@mantine/core';
import { isCmsHost } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../ui/CenteredLayout';

/** A signed-in user on a screen their role does not open. */
export function NotAuthorizedPage() {
  const { t } = useTranslation('shell');
  const onCms = isCmsHost(window.location.hostname);
  return (
    <CenteredLayout title={t('notAuthorized.title')}>
      <Text role="alert">
        {onCms ? t('common:messages.notAuthorizedCms') : t('common:messages.forbidden')}
      </Text>
      <Group>
        <Button component={Link} to="/logout" variant="default">
          {t('common:actions.signOut')}
        </Button>
      </Group>
    </CenteredLayout>
  );
}
