import { Alert, Anchor, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { emailSchema, MESSAGES, passwordSchema } from '@plenary/domain';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { BusyButton } from '../../shared/ui/BusyButton';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { PasswordField } from '../../shared/ui/PasswordField';
import { MailIcon } from '../../shared/ui/icons';
import { currentHost } from '../../shared/surface';

const required = (value: string) => (value.trim() === '' ? MESSAGES.required : undefined);

/** `/registration`: creates an account, then asks the person to confirm their e-mail. */
export function RegistrationPage() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ firstName: '', lastName: '', email: '', password: '' }, (v) => ({
    firstName: required(v.firstName),
    lastName: required(v.lastName),
    email: schemaMessage(emailSchema, v.email),
    password: schemaMessage(passwordSchema, v.password),
  }));

  const submit = form.onSubmit(async (v) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const email = v.email.trim();
      await apiFetch('users/register', {
        method: 'POST',
        body: {
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          email,
          password: v.password,
          host: currentHost(),
        },
      });
      setSentTo(email);
    } catch (error) {
      if (!(isApiError(error) && form.showServerErrors(error.fields))) {
        setFailure(isApiError(error) ? error.message : t('errors.network'));
      }
    } finally {
      setSubmitting(false);
    }
  });

  if (sentTo) {
    return (
      <CenteredLayout title={t('registration.checkEmailTitle')}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <MailIcon />
          </ThemeIcon>
          <Text role="status">
            <Trans
              t={t}
              i18nKey="registration.checkEmailText"
              values={{ email: sentTo }}
              components={{ b: <b /> }}
            />
          </Text>
          <Anchor component={Link} to="/login">
            {t('common:actions.signIn')}
          </Anchor>
        </Stack>
      </CenteredLayout>
    );
  }

  return (
    <CenteredLayout
      title={t('registration.title')}
      description={t('registration.intro')}
      footer={
        <>
          {t('registration.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('common:actions.signIn')}
          </Anchor>
        </>
      }
    >
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              {...form.inputProps('firstName')}
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              {...form.inputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.inputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            {...form.inputProps('password')}
          />
          <Group>
            <BusyButton type="submit" fullWidth size="md" busy={submitting}>
              {t('registration.submit')}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </CenteredLayout>
  );
}
