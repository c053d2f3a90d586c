import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ParticipantInvited, ProfileTextField } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import {
  CustomFieldInputs,
  customFieldErrorsFromApi,
  validateCustomFieldValues,
  type CustomFieldDraft,
} from '../../shared/custom-fields';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { useRefreshParticipants, useUpdateOptions } from './api';
import {
  EMPTY_PROFILE,
  emailError,
  profileErrors,
  profilePatch,
  type ProfileValues,
} from './participantForm';
import { fullName } from './participantsResource';
import { participantProfilePath, participantsApi } from './paths';
import { ProfileFields } from './ProfileFields';
import type { CheckUserResult, Participant } from './types';

type Step =
  | { kind: 'email' }
  | { kind: 'new' }
  | { kind: 'existing' }
  | { kind: 'participant'; participantId: string | null }
  | { kind: 'invited'; email: string };

export interface AddParticipantDialogProps {
  eventId: string;
  fields: readonly CustomFieldRow[];
  onClose: () => void;
}

/**
 * Adds a participant by e-mail. The address is checked first (`check-user`): a participant of this
 * event already → a link to the profile; an existing account → it joins the event as it is
 * (`map-user`: no second account, its names and photo) and the profile opens to complete it; a new
 * address → the profile form (names, job, company, phone, custom fields, manual labels). An account
 * outside the organisation looks like a new address; creating it answers 202 `{ invited }`: the
 * person was sent an invitation and appears once they accept, which the dialog says.
 */
export function AddParticipantDialog({ eventId, fields, onClose }: AddParticipantDialogProps) {
  const { t } = useTranslation('attendees');
  const tc = useTranslation().t;
  const navigate = useNavigate();
  const refresh = useRefreshParticipants(eventId);
  const labels = useUpdateOptions(eventId);
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [profile, setProfile] = useState<ProfileValues>(EMPTY_PROFILE);
  const [custom, setCustom] = useState<CustomFieldDraft>({});
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const fail = (err: unknown) => {
    if (isApiError(err) && err.fields) {
      const { labelIds: labelError, email: emailFieldError, ...rest } = err.fields;
      const cf = customFieldErrorsFromApi(rest);
      const standard = Object.fromEntries(
        Object.entries(rest).filter(([k]) => !k.startsWith('customFields.')),
      );
      if (Object.keys(cf).length || Object.keys(standard).length || labelError || emailFieldError) {
        setErrors({ ...standard, labelIds: labelError, email: emailFieldError });
        setCustomErrors(cf);
        focusFirstError();
        return;
      }
    }
    setFailure(isApiError(err) && err.message ? err.message : t('common.failed'));
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const check = () =>
    run(async () => {
      const result = await apiFetch<CheckUserResult>(`${participantsApi(eventId)}/check-user`, {
        query: { email: email.trim() },
      });
      if (result.isParticipant) setStep({ kind: 'participant', participantId: result.participantId });
      else setStep({ kind: result.userExists ? 'existing' : 'new' });
    });

  const join = () =>
    run(async () => {
      const participant = await apiFetch<Participant>(`${participantsApi(eventId)}/map-user`, {
        method: 'POST',
        body: { email: email.trim() },
      });
      toast.success(t('add.joined', { name: fullName(participant) || participant.email }));
      void refresh(participant);
      onClose();
      void navigate(participantProfilePath(eventId, participant.id));
    });

  const create = () => {
    const found = profileErrors(profile);
    const cf = validateCustomFieldValues(fields, custom, { dropEmpty: true });
    if (Object.keys(found).length || Object.keys(cf.errors).length) {
      setErrors(found);
      setCustomErrors(cf.errors);
      focusFirstError();
      return;
    }
    return run(async () => {
      const body = {
        email: email.trim(),
        ...profilePatch(profile),
        customFields: cf.values,
        ...(labelIds.length ? { labelIds } : {}),
      };
      const answer = await apiFetch<Participant | ParticipantInvited>(participantsApi(eventId), {
        method: 'POST',
        body,
      });
      if ('invited' in answer) {
        setStep({ kind: 'invited', email: answer.email });
        return;
      }
      const participant = answer;
      toast.success(t('add.created', { name: fullName(participant) }));
      void refresh(participant);
      onClose();
    });
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = emailError(email);
    if (problem) {
      setErrors({ email: problem });
      focusFirstError();
      return;
    }
    if (step.kind === 'email') void check();
    else if (step.kind === 'existing') void join();
    else if (step.kind === 'new') void create();
  };

  const setField = (field: ProfileTextField, value: string) => {
    setProfile((p) => ({ ...p, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submitLabel =
    step.kind === 'existing' ? t('add.join') : step.kind === 'new' ? t('add.create') : t('add.continue');

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={
        <Text fw={600} size="lg" component="span">
          {t('add.title')}
        </Text>
      }
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="md">
          <TextInput
            name="email"
            label={t('fields.email')}
            description={step.kind === 'email' ? t('add.emailHint') : undefined}
            type="email"
            autoComplete="off"
            required
            value={email}
            readOnly={step.kind === 'invited'}
            error={errors.email}
            data-autofocus
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setErrors((x) => ({ ...x, email: undefined }));
              if (step.kind !== 'email') setStep({ kind: 'email' });
            }}
          />
          {step.kind === 'participant' && (
            <Alert color="blue" variant="light" title={t('add.alreadyTitle')}>
              <Text size="sm">{t('add.alreadyText')}</Text>
              {step.participantId && (
                <Button
                  component={Link}
                  to={participantProfilePath(eventId, step.participantId)}
                  onClick={onClose}
                  variant="default"
                  size="xs"
                  mt="sm"
                >
                  {t('add.openProfile')}
                </Button>
              )}
            </Alert>
          )}
          {step.kind === 'invited' && (
            <Alert color="teal" variant="light" role="status" title={t('add.invitedTitle')}>
              <Text size="sm">{t('add.invitedText', { email: step.email })}</Text>
            </Alert>
          )}
          {step.kind === 'existing' && (
            <Alert color="blue" variant="light" title={t('add.existingTitle')}>
              <Text size="sm">{t('add.existingText')}</Text>
            </Alert>
          )}
          {step.kind === 'new' && (
            <>
              <Text size="sm" c="dimmed">
                {t('add.newText')}
              </Text>
              <ProfileFields
                values={profile}
                errors={errors}
                onChange={setField}
                disabled={busy}
                withBio={false}
              />
              {fields.length > 0 && (
                <Stack gap="xs">
                  <Title order={3} size="h5">
                    {t('profile.customFields')}
                  </Title>
                  <CustomFieldInputs
                    fields={fields}
                    values={custom}
                    errors={customErrors}
                    disabled={busy}
                    onChange={(id, v) => {
                      setCustom((d) => ({ ...d, [id]: v }));
                      setCustomErrors((e) => ({ ...e, [id]: '' }));
                    }}
                  />
                </Stack>
              )}
              <MultiSelect
                label={t('fields.manualLabels')}
                data={(labels.data?.labels ?? []).map((l) => ({ value: l.id, label: l.name }))}
                value={labelIds}
                onChange={setLabelIds}
                error={errors.labelIds}
                searchable
                clearable
                disabled={busy}
                nothingFoundMessage={labels.isPending ? tc('states.loading') : tc('messages.noOptions')}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {step.kind === 'invited' ? (
              <Button onClick={onClose} data-autofocus>
                {t('add.done')}
              </Button>
            ) : (
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
            )}
            {step.kind !== 'participant' && step.kind !== 'invited' && (
              <BusyButton type="submit" busy={busy}>
                {submitLabel}
              </BusyButton>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
