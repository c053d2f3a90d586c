import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { currentHost } from '../../shared/surface';

type Outcome = { state: 'working' } | { state: 'verified' } | { state: 'failed'; message: string };

/** One request per token even when React mounts the page twice. */
const requests = new Map<string, Promise<unknown>>();

/** `/verify-email/:token`: confirms the address (`POST users/verify-email`). */
export function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });

  useEffect(() => {
    let request = requests.get(token);
    if (!request) {
      request = apiFetch('users/verify-email', { method: 'POST', body: { token, host: currentHost() } });
      requests.set(token, request);
    }
    let active = true;
    request.then(
      () => active && setOutcome({ state: 'verified' }),
      (error: unknown) =>
        active &&
        setOutcome({ state: 'failed', message: isApiError(error) ? error.message : t('errors.network') }),
    );
    return () => {
      active = false;
    };
  }, [token, t]);

  return (
    <CenteredLayout title={t('verifyEmail.title')}>
      {outcome.state === 'working' && (
        <Center py="md">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">{t('verifyEmail.working')}</Text>
          </Stack>
        </Center>
      )}
      {outcome.state === 'verified' && (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" title={t('verifyEmail.doneTitle')}>
            {t('verifyEmail.doneText')}
          </Alert>
          <Button component={Link} to="/login" size="md">
            {t('common:actions.signIn')}
          </Button>
        </Stack>
      )}
      {outcome.state === 'failed' && (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title={t('verifyEmail.failedTitle')}>
            {outcome.message}
          </Alert>
          <Button component={Link} to="/login" variant="default">
            {t('common:actions.signIn')}
          </Button>
        </Stack>
      )}
    </CenteredLayout>
  );
}
