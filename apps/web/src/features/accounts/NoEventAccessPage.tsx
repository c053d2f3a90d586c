import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';

/** `/no-event-access`: the signed-in user is not part of the event they tried to open. */
export function NoEventAccessPage() {
  const { t } = useTranslation('accounts');
  return (
    <CenteredLayout title={t('noEventAccess.title')}>
      <Text>{t('noEventAccess.text')}</Text>
      <Group>
        <Button component={Link} to="/">
          {t('common:actions.goHome')}
        </Button>
        <Button component={Link} to="/logout" variant="default">
          {t('noEventAccess.switchAccount')}
        </Button>
      </Group>
    </CenteredLayout>
  );
}
