import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { isCmsHost, type LoginType } from '@plenary/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { signIn } from '../../shared/session/auth';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { currentHost } from '../../shared/surface';

/** An authorization code is single-use: remember the ones already sent (React may mount twice). */
const handledCodes = new Set<string>();

/** OIDC return: exchanges `code` and `state` for a session (`POST auth` with `sso: true`). */
export function LoginCallbackPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // RFC 9207: the provider's issuer, forwarded so the API can check it.
  const iss = params.get('iss') ?? undefined;
  const providerError = params.get('error_description') ?? params.get('error');
  const [failure, setFailure] = useState<string | null>(
    providerError ?? (!code || !state ? t('callback.missingCode') : null),
  );

  useEffect(() => {
    if (!code || !state || providerError || handledCodes.has(code)) return;
    handledCodes.add(code);
    const loginType: LoginType = isCmsHost(window.location.hostname) ? 'CMS' : 'EVENT_WEBSITE';
    void signIn({ sso: true, token: code, state, iss, host: currentHost() }, loginType).then(setFailure);
  }, [code, state, iss, providerError]);

  return (
    <CenteredLayout title={t('callback.title')}>
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('callback.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <Center py="lg">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">{t('callback.working')}</Text>
          </Stack>
        </Center>
      )}
    </CenteredLayout>
  );
}
