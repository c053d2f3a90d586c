import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import type { MagicLinkOutcome } from './magicLink';

type Failure = Extract<MagicLinkOutcome, { ok: false }>;

interface LinkSignInProps {
  token: string;
  /** A signer from `createMagicLinkSignIn`; keep it stable across renders (it remembers sent tokens). */
  signIn: (token: string) => Promise<MagicLinkOutcome>;
  /** The group of the `accounts` texts: title, working, failedTitle, alternatives, withPassword. */
  texts: 'magicLink' | 'moderatorLink';
  /** Where 'Sign in with password' leads. */
  passwordPath: string;
}

/**
 * The screen of a sign-in link (a participant's magic link, a moderator's invitation): a spinner
 * while the link is used, then, if it failed, the reason, 'Try again' when it may pass, and the
 * way to the password sign-in. Success navigates away by itself (the signer's success step).
 */
export function LinkSignIn({ token, signIn, texts, passwordPath }: LinkSignInProps) {
  const { t } = useTranslation('accounts');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void signIn(token).then((outcome) => {
      if (active && !outcome.ok) setFailure(outcome);
    });
    return () => {
      active = false;
    };
  }, [signIn, token, attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };

  return (
    <CenteredLayout title={failure ? t(`${texts}.failedTitle`) : t(`${texts}.title`)}>
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
          <Text size="sm">{t(`${texts}.alternatives`)}</Text>
          <Stack gap="sm">
            {failure.retryable && (
              <Button size="md" onClick={retry}>
                {t('common:actions.retry')}
              </Button>
            )}
            <Button
              component={Link}
              to={passwordPath}
              replace
              size="md"
              variant={failure.retryable ? 'default' : 'filled'}
            >
              {t(`${texts}.withPassword`)}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Center py="lg">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">{t(`${texts}.working`)}</Text>
          </Stack>
        </Center>
      )}
    </CenteredLayout>
  );
}
