import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { loginFailure, loginRequest, loginSuccess, logout } from '../../shared/session/auth';
import { storeRedirectUrl } from '../../shared/session/redirect';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { currentHost } from '../../shared/surface';
import { participantEventPath } from '../events/paths';
import { createMagicLinkSignIn, type MagicLinkAnswer, type MagicLinkOutcome } from './magicLink';

/** The query parameter of the link the magic-link e-mail carries (`/event/login?magic=<token>`). */
export const MAGIC_PARAM = 'magic';

/**
 * The whole login cycle of a password sign-in (spec part 4), with the link in place of the
 * password: any current session ends first (its token revoked), so a link for another account
 * never mixes two people's data; login type EVENT_WEBSITE; success goes into the link's event.
 */
const signInWithMagicLink = createMagicLinkSignIn({
  endSession: logout,
  begin: () => loginRequest('EVENT_WEBSITE'),
  exchange: (token) => apiFetch<MagicLinkAnswer>('auth/magic-link', { method: 'POST', body: { token, host: currentHost() } }),
  succeed: (answer) => {
    storeRedirectUrl(participantEventPath(answer.eventId));
    loginSuccess(answer);
  },
  fail: loginFailure,
});

/** `/event/login?magic=<token>`: signs the participant in with the link from their e-mail. */
export function MagicLinkSignIn({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const [failure, setFailure] = useState<Extract<MagicLinkOutcome, { ok: false }> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void signInWithMagicLink(token).then((outcome) => {
      // Success navigates into the event by itself.
      if (active && !outcome.ok) setFailure(outcome);
    });
    return () => {
      active = false;
    };
  }, [token, attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };

  return (
    <CenteredLayout title={failure ? t('magicLink.failedTitle') : t('magicLink.title')}>
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
          <Text size="sm">{t('magicLink.alternatives')}</Text>
          <Stack gap="sm">
            {failure.retryable && (
              <Button size="md" onClick={retry}>
                {t('common:actions.retry')}
              </Button>
            )}
            <Button component={Link} to="/event/login" replace size="md" variant={failure.retryable ? 'default' : 'filled'}>
              {t('magicLink.withPassword')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Center py="lg">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">{t('magicLink.working')}</Text>
          </Stack>
        </Center>
      )}
    </CenteredLayout>
  );
}

/** `/event/login`: with `?magic=` the link signs in (even over a current session); else `children`. */
export function MagicLinkOr({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return params.has(MAGIC_PARAM) ? <MagicLinkSignIn token={params.get(MAGIC_PARAM) ?? ''} /> : children;
}
