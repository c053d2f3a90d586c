import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/session/auth';
import { usePageTitle } from '../../shared/ui/usePageTitle';

let loggingOut: Promise<void> | null = null;

/** `/logout`: clears the session, revokes the token, then shows the sign-in page. */
export function LogoutPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  usePageTitle(t('logout.title'));

  useEffect(() => {
    loggingOut ??= logout().finally(() => {
      loggingOut = null;
    });
    void loggingOut.then(() => navigate('/login', { replace: true }));
  }, [navigate]);

  return (
    <Center component="main" id="main" mih="100dvh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{t('logout.working')}</Text>
      </Stack>
    </Center>
  );
}
