import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { MESSAGES, passwordSchema } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { BusyButton } from '../../shared/ui/BusyButton';
import { CenteredLayout } from '../../shared/ui/CenteredLayout';
import { PasswordField } from '../../shared/ui/PasswordField';

/** reset: from a forgot-password mail; create: first password of an invited admin; createNew: a forced change. */
export type SetPasswordMode = 'reset' | 'create' | 'createNew';

/** `/reset-password`, `/create-password`, `/create-new-password`: token from `?token=`. */
export function SetPasswordPage({ mode }: { mode: SetPasswordMode }) {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ password: '', confirmPassword: '' }, (v) => ({
    password: schemaMessage(passwordSchema, v.password),
    confirmPassword:
      v.confirmPassword === ''
        ? MESSAGES.required
        : v.confirmPassword !== v.password
          ? t('setPassword.mismatch')
          : undefined,
  }));

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiFetch('auth/reset-password/complete', { method: 'POST', body: { token, password } });
      setDone(true);
    } catch (error) {
      if (!(isApiError(error) && form.showServerErrors(error.fields))) {
        setFailure(isApiError(error) ? error.message : t('errors.network'));
      }
    } finally {
      setSubmitting(false);
    }
  });

  const title = t(`setPassword.title.${mode}`);
  if (!token) {
    return (
      <CenteredLayout title={title}>
        <Alert color="red" variant="light" role="alert" title={t('setPassword.noTokenTitle')}>
          {t('setPassword.noTokenText')}
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          {t('setPassword.requestNewLink')}
        </Anchor>
      </CenteredLayout>
    );
  }

  if (done) {
    return (
      <CenteredLayout title={title}>
        <Alert color="teal" variant="light" role="status" title={t('setPassword.doneTitle')}>
          {t('setPassword.doneText')}
        </Alert>
        <Button component={Link} to="/login" size="md">
          {t('common:actions.signIn')}
        </Button>
      </CenteredLayout>
    );
  }

  return (
    <CenteredLayout title={title} description={t('setPassword.intro')}>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('fields.newPassword')}
            description={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            {...form.inputProps('password')}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.inputProps('confirmPassword')}
          />
          <BusyButton type="submit" size="md" fullWidth busy={submitting}>
            {t('setPassword.submit')}
          </BusyButton>
        </Stack>
      </form>
    </CenteredLayout>
  );
}
