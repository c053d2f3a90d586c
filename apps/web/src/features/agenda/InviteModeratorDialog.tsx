import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@plenary/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage } from '../../shared/forms/useForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { sessionPath, useRefreshSessions, type SessionRow } from './api';

interface InviteModeratorDialogProps {
  eventId: string;
  session: Pick<SessionRow, 'id' | 'name'>;
  onClose: () => void;
  /** The new moderator, when the answer names them (the form adds them to its moderators). */
  onInvited: (moderator: { userId: string; label: string }) => void;
}

/** The invitation's answer: the moderator, or the session with its moderators. */
type InviteAnswer = { userId?: string; moderators?: SessionRow['moderators'] } | undefined;

/** `POST sessions/{id}/invite-moderator`: a person by e-mail becomes a moderator of the session and gets a magic link. */
export function InviteModeratorDialog({ eventId, session, onClose, onInvited }: InviteModeratorDialogProps) {
  const { t } = useTranslation('agenda');
  const refresh = useRefreshSessions(eventId);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [key] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog opens from the session form: its submit must not bubble (through React's tree) to that form.
    event.stopPropagation();
    const emailError = schemaMessage(emailSchema, email.trim());
    if (emailError) return setErrors({ email: emailError });
    setSaving(true);
    try {
      const body = { email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim() };
      const answer = await apiFetch<InviteAnswer>(`${sessionPath(eventId, session.id)}/invite-moderator`, {
        method: 'POST',
        body,
        idempotencyKey: key,
      });
      const userId =
        answer?.userId ??
        answer?.moderators?.find((m) => m.email.toLowerCase() === body.email.toLowerCase())?.userId;
      if (userId) onInvited({ userId, label: `${body.firstName} ${body.lastName}`.trim() || body.email });
      toast.success(t('invite.sent', { email: body.email }));
      void refresh();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else toast.error(isApiError(error) && error.message ? error.message : t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('invite.title')}
      submitLabel={t('invite.send')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      size="md"
    >
      <Text size="sm">{t('invite.text', { name: session.name })}</Text>
      <TextInput
        label={t('invite.email')}
        type="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.currentTarget.value);
          setErrors({});
        }}
        error={errors.email}
        data-autofocus
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('invite.firstName')}
          value={firstName}
          onChange={(e) => setFirstName(e.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label={t('invite.lastName')}
          value={lastName}
          onChange={(e) => setLastName(e.currentTarget.value)}
          error={errors.lastName}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
