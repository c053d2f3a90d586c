import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A failed load: a short message and a retry button. */
export function LoadError({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" role="alert" title={t('states.loadFailed')}>
      {message}
      {onRetry && (
        <Button variant="default" size="xs" mt={message ? 'sm' : 0} onClick={onRetry} display="block">
          {t('actions.retry')}
        </Button>
      )}
    </Alert>
  );
}
