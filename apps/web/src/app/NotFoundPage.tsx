import { Button, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../shared/ui/usePageTitle';

/** Unknown address inside a layout. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageTitle(t('states.notFoundTitle'));
  return (
    <EmptyState title={t('states.notFoundTitle')} description={t('states.notFoundText')} py="xl">
      <EmptyState.Actions>
        <Button component={Link} to="/">
          {t('actions.goHome')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
