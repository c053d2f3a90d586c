import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { FEED_MAX_IMAGES, FEED_POST_MAX_LENGTH } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { createPost, uploadImage, type FeedImageView, type FeedPostView } from './api';

/** Text and up to four images; with approval on, says so and that the post waits for a moderator. */
export function Composer({
  eventId,
  approvalRequired,
  onPosted,
}: {
  eventId: string;
  approvalRequired: boolean;
  onPosted: (post: FeedPostView) => void;
}) {
  const { t } = useTranslation('feed');
  const [text, setText] = useState('');
  const [images, setImages] = useState<FeedImageView[]>([]);
  const [uploading, setUploading] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (files: File[]) => {
    setError(null);
    const room = FEED_MAX_IMAGES - images.length;
    if (files.length > room) setError(t('composer.tooMany', { max: FEED_MAX_IMAGES }));
    for (const file of files.slice(0, Math.max(room, 0))) {
      setUploading((n) => n + 1);
      try {
        const image = await uploadImage(eventId, file);
        setImages((list) => [...list, image]);
      } catch (e) {
        setError(isApiError(e) ? (e.fields?.file ?? e.message) : t('composer.failed'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const post = await createPost(eventId, { text, imageIds: images.map((i) => i.id) });
      setText('');
      setImages([]);
      toast.success(post.status === 'PENDING' ? t('composer.pending') : t('composer.posted'));
      onPosted(post);
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.text ?? e.fields?.imageIds ?? e.message) : t('composer.failed'));
    } finally {
      setBusy(false);
    }
  };

  const empty = !text.trim() && images.length === 0;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('composer.label')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty && uploading === 0) void submit();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={FEED_POST_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={8}
            error={error}
          />
          {approvalRequired && (
            <Alert color="blue" variant="light" p="xs">
              <Text size="sm">{t('composer.approvalNotice')}</Text>
            </Alert>
          )}
          {images.length > 0 && (
            <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {images.map((img, i) => (
                <li key={img.id} style={{ position: 'relative' }}>
                  <Image src={img.url} alt="" w={72} h={72} radius="sm" fit="cover" />
                  <ActionIcon
                    size="sm"
                    color="dark"
                    variant="filled"
                    radius="xl"
                    aria-label={t('composer.removeImage', { index: i + 1 })}
                    onClick={() => setImages((list) => list.filter((x) => x.id !== img.id))}
                    style={{ position: 'absolute', top: 2, right: 2 }}
                  >
                    <span aria-hidden>×</span>
                  </ActionIcon>
                </li>
              ))}
            </Group>
          )}
          {uploading > 0 && (
            <Text size="sm" role="status">
              {t('composer.uploading')}
            </Text>
          )}
          <Group justify="space-between" wrap="nowrap">
            <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg" multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  disabled={images.length >= FEED_MAX_IMAGES}
                  aria-describedby="feed-images-hint"
                >
                  {t('composer.addImages')}
                </Button>
              )}
            </FileButton>
            <BusyButton type="submit" busy={busy} disabled={empty || uploading > 0} data-testid="feed-submit">
              {t('composer.post')}
            </BusyButton>
          </Group>
          <Text size="xs" c="dimmed" id="feed-images-hint">
            {t('composer.imagesHint', { max: FEED_MAX_IMAGES })}
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
