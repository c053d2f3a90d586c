import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@plenary/domain';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { BusyButton } from '../../shared/ui/BusyButton';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { currentHost } from '../../shared/surface';

/** `/forgot-password`: asks for a reset link (`POST auth/reset-password/request`). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ email: '' }, (v) => ({ email: schemaMessage(emailSchema, v.email) }));

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiFetch('auth/reset-password/request', {
        method: 'POST',
        body: { email: email.trim(), host: currentHost() },
      });
      setSentTo(email.trim());
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('errors.network'));
    } finally {
      setSubmitting(false);
    }
  });

  const back = (
    <Anchor component={Link} to="/login" fw={600}>
      {t('forgotPassword.backToSignIn')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <CenteredLayout title={t('forgotPassword.sentTitle')} footer={back}>
        <Text role="status">
          <Trans
            t={t}
            i18nKey="forgotPassword.sentText"
            values={{ email: sentTo }}
            components={{ b: <b /> }}
          />
        </Text>
      </CenteredLayout>
    );
  }

  return (
    <CenteredLayout title={t('forgotPassword.title')} description={t('forgotPassword.intro')} footer={back}>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.inputProps('email')}
          />
          <BusyButton type="submit" size="md" fullWidth busy={submitting}>
            {t('forgotPassword.submit')}
          </BusyButton>
        </Stack>
      </form>
    </CenteredLayout>
  );
}
