import { Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { useRemovePhoto, useUploadPhoto } from './api';
import { ProfileAvatar } from './ProfileAvatar';
import { PHOTO_ACCEPT, photoFileProblem } from './profileForm';
import type { OwnProfile } from './types';

/** A local picture of the chosen file while it uploads; the URL is freed when it goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * One's photo in the event: upload (jpeg/jpg/png, saved at once) and remove. The API checks the
 * content and size; its message shows under the buttons.
 */
export function PhotoField({
  eventId,
  participant,
}: {
  eventId: string;
  participant: OwnProfile['participant'];
}) {
  const { t } = useTranslation('participantProfile');
  const upload = useUploadPhoto(eventId);
  const remove = useRemovePhoto(eventId);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  const preview = usePreview(pending);
  const resetRef = useRef<() => void>(null);
  const problemId = useId();
  const hintId = useId();
  const name = `${participant.firstName} ${participant.lastName}`.trim();
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File | null) => {
    // Let the same file be chosen again after a failure.
    resetRef.current?.();
    if (!file) return;
    const local = photoFileProblem(file);
    setProblem(local ?? null);
    if (local) return;
    setPending(file);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('photo.uploaded')),
      onError: (error) => setProblem(error.message || t('photo.failed')),
      onSettled: () => setPending(null),
    });
  };

  const removePhoto = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('photo.removed')),
      onError: (error) => setProblem(error.message || t('photo.failed')),
    });
  };

  const describedBy = [hintId, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        {t('photo.title')}
      </Title>
      <Group gap="lg" align="center">
        <ProfileAvatar
          firstName={participant.firstName}
          lastName={participant.lastName}
          photoUrl={preview ?? participant.photoUrl}
          alt={participant.photoUrl || preview ? t('photo.alt', { name }) : ''}
          size={96}
          radius={96}
          style={{ opacity: preview ? 0.6 : 1 }}
        />
        <Stack gap="xs" style={{ flex: '1 1 12rem' }}>
          <Text size="sm" c="dimmed" id={hintId}>
            {t('photo.hint')}
          </Text>
          <Group gap="sm">
            <FileButton onChange={choose} accept={PHOTO_ACCEPT} resetRef={resetRef} disabled={busy}>
              {(props) => (
                <BusyButton {...props} busy={upload.isPending} aria-describedby={describedBy}>
                  {participant.photoUrl ? t('photo.change') : t('photo.upload')}
                </BusyButton>
              )}
            </FileButton>
            {participant.photoUrl && (
              <BusyButton
                variant="default"
                color="red"
                onClick={removePhoto}
                busy={remove.isPending}
                disabled={upload.isPending}
              >
                {t('photo.remove')}
              </BusyButton>
            )}
          </Group>
          {problem && (
            <Text size="sm" c="red.8" role="alert" id={problemId}>
              {problem}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
