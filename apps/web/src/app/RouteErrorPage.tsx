import { Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredLayout } from '../shared/ui/CenteredLayout';

/** Last resort for a screen that threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <CenteredLayout title={t('routeError.title')}>
      <Stack gap="sm">
        <Text>{t('routeError.text')}</Text>
        {detail && <Code block>{detail}</Code>}
        <Button onClick={() => window.location.assign('/')}>{t('common:actions.goHome')}</Button>
      </Stack>
    </CenteredLayout>
  );
}
