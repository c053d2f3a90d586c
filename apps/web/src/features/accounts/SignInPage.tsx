import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { emailSchema, MESSAGES, type LoginType } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForm, schemaMessage } from '../../shared/forms/useForm';
import { signIn } from '../../shared/session/auth';
import { peekRedirectUrl } from '../../shared/session/redirect';
import { BusyButton } from '../../shared/ui/BusyButton';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { PasswordField } from '../../shared/ui/PasswordField';
import { currentHost } from '../../shared/surface';
import { ssoStartUrl, useSsoProvider } from './useSsoProvider';

export type SignInAudience = 'admin' | 'participant';

const LOGIN_TYPE: Record<SignInAudience, LoginType> = { admin: 'CMS', participant: 'EVENT_WEBSITE' };

/** Sign-in with e-mail and password, and with SSO when the host has a provider. */
export function SignInPage({ audience }: { audience: SignInAudience }) {
  const { t } = useTranslation('accounts');
  const [submitting, setSubmitting] = useState(false);
  const sso = useSsoProvider();
  const form = useForm({ email: '', password: '' }, (v) => ({
    email: schemaMessage(emailSchema, v.email),
    password: v.password === '' ? MESSAGES.required : undefined,
  }));

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    // A refused sign-in is announced once, by the spec's error toast (signIn shows it).
    await signIn(
      { email: values.email.trim(), password: values.password, host: currentHost() },
      LOGIN_TYPE[audience],
    );
    setSubmitting(false);
  });

  return (
    <CenteredLayout
      title={t(audience === 'admin' ? 'signIn.adminTitle' : 'signIn.participantTitle')}
      description={t(audience === 'admin' ? 'signIn.adminIntro' : 'signIn.participantIntro')}
      footer={
        audience === 'participant' && (
          <>
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to="/registration" fw={600}>
              {t('signIn.createAccount')}
            </Anchor>
          </>
        )
      }
    >
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            {...form.inputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.inputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <BusyButton type="submit" fullWidth size="md" busy={submitting}>
            {t('signIn.submit')}
          </BusyButton>
        </Stack>
      </form>
      {sso.data?.enabled && (
        <>
          <Divider label={t('signIn.or')} labelPosition="center" />
          <Button
            component="a"
            href={ssoStartUrl(peekRedirectUrl() ?? '/')}
            variant="default"
            fullWidth
            size="md"
          >
            {t('signIn.sso')}
          </Button>
        </>
      )}
    </CenteredLayout>
  );
}
