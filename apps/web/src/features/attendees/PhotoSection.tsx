import { Alert, Avatar, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { MAX_IMAGE_UPLOAD_BYTES } from '@plenary/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { useRefreshParticipants } from './api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { fullName } from './participantsResource';
import { participantApi } from './paths';
import { Section } from './Section';
import type { Participant } from './types';

const ACCEPT = 'image/png,image/jpeg';
const PREVIEW = 200;

/** A picked file shown before it is uploaded (object URL freed when it changes). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The photo: pick a JPEG or PNG, see it, upload it. The server checks the content and the size
 * (10 MB) and answers its own message, shown here; it stores the photo upright, at most 1024 px.
 */
export function PhotoSection({ eventId, participant }: { eventId: string; participant: Participant }) {
  const { t } = useTranslation('attendees');
  const refresh = useRefreshParticipants(eventId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const preview = usePreview(file);
  // A picked file that is no image can not be previewed: the avatar stays, the upload says why.
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [file]);
  // Keep the focus on the buttons that replace each other: picking a file focuses Upload; an upload
  // or Cancel focuses the picker again; a refused upload (the button was busy) focuses Upload again.
  const pick = useRef<HTMLButtonElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const hadFile = useRef(false);
  useEffect(() => {
    if (file && !hadFile.current) uploadButton.current?.focus();
    if (!file && hadFile.current) pick.current?.focus();
    hadFile.current = file !== null;
  }, [file]);
  useEffect(() => {
    if (!busy && error) uploadButton.current?.focus();
  }, [busy, error]);
  const name = fullName(participant);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const updated = await apiFetch<Participant>(`${participantApi(eventId, participant.id)}/photo`, {
        method: 'POST',
        body,
      });
      void refresh(updated);
      setFile(null);
      toast.success(t('photo.saved'));
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : t('common.failed'));
    } finally {
      setBusy(false);
    }
  };

  const shown = (broken ? null : preview) ?? participant.photoUrl;
  return (
    <Section title={t('photo.title')}>
      <Stack gap="sm" align="center">
        {shown ? (
          <Image
            src={shown}
            alt={shown === preview ? t('photo.previewAlt') : t('photo.alt', { name })}
            w={PREVIEW}
            h={PREVIEW}
            fit="cover"
            radius="md"
            onError={() => shown === preview && setBroken(true)}
          />
        ) : (
          <Avatar size={PREVIEW} radius="md" name={name} color="initials" alt="" aria-hidden="true" />
        )}
        {!shown && !file && (
          <Text size="sm" c="dimmed">
            {t('photo.none')}
          </Text>
        )}
        {file && (
          <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {t('photo.chosen', { name: file.name })}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" w="100%">
            {error}
          </Alert>
        )}
        {file ? (
          <Group gap="sm" justify="center">
            <Button variant="default" onClick={() => (setFile(null), setError(null))} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <BusyButton ref={uploadButton} onClick={() => void upload()} busy={busy}>
              {t('photo.upload')}
            </BusyButton>
          </Group>
        ) : (
          <Group gap="sm" justify="center">
            <FileButton
              onChange={(f) => {
                setFile(f);
                setError(null);
              }}
              accept={ACCEPT}
            >
              {(props) => (
                <Button {...props} ref={pick} variant="default">
                  {participant.photoUrl ? t('photo.change') : t('photo.choose')}
                </Button>
              )}
            </FileButton>
            {participant.photoUrl && (
              <Button variant="default" onClick={() => setRemoving(true)}>
                {t('photo.remove')}
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t('photo.rules', { mb: Math.round(MAX_IMAGE_UPLOAD_BYTES / 1_000_000) })}
        </Text>
      </Stack>
      {removing && (
        <ConfirmDialog
          title={t('photo.removeTitle')}
          confirmLabel={t('photo.remove')}
          danger
          onClose={() => setRemoving(false)}
          onConfirm={async () => {
            const updated = await apiFetch<Participant>(`${participantApi(eventId, participant.id)}/photo`, {
              method: 'DELETE',
            });
            void refresh(updated);
            toast.success(t('photo.removed'));
          }}
        >
          <Text>{t('photo.removeText', { name })}</Text>
        </ConfirmDialog>
      )}
    </Section>
  );
}
