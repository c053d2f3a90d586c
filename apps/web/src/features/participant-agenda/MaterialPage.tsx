import { Button, Card, EmptyState, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { FILE_TYPES, type FileType } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExternalLinkIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useMaterial, type MaterialView } from './api';
import { BackLink } from '../../shared/navigation/BackLink';

type Kind = 'image' | 'video' | 'audio' | 'pdf' | 'presentation' | 'file';

export function materialKind(fileType: string): Kind {
  const known = FILE_TYPES[fileType as FileType] as { kind: string } | undefined;
  const kind = known?.kind;
  return kind === 'image' || kind === 'video' || kind === 'audio' || kind === 'pdf' || kind === 'presentation'
    ? kind
    : 'file';
}

/** The file inline: image, PDF (the browser's viewer), video and audio with their controls; other types download only. */
function Preview({ material }: { material: MaterialView }) {
  const { t } = useTranslation('participantAgenda');
  switch (materialKind(material.fileType)) {
    case 'image':
      return (
        <Image
          src={material.url}
          alt={material.description || material.name}
          radius="md"
          fit="contain"
          mah="75vh"
        />
      );
    case 'pdf':
      return (
        <iframe
          src={material.url}
          title={t('material.pdfTitle', { name: material.name })}
          style={{
            width: '100%',
            height: '75vh',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 8,
          }}
        />
      );
    // crossOrigin (same-origin files): lets the service worker answer seeks from a cached file (workbox "Serving cached audio and video").
    case 'video':
      return (
        <video
          src={material.url}
          crossOrigin="anonymous"
          controls
          preload="metadata"
          aria-label={t('material.video', { name: material.name })}
          style={{ width: '100%', maxHeight: '75vh', borderRadius: 8 }}
        />
      );
    case 'audio':
      return (
        <audio
          src={material.url}
          crossOrigin="anonymous"
          controls
          preload="metadata"
          aria-label={t('material.audio', { name: material.name })}
          style={{ width: '100%' }}
        />
      );
    default:
      return <Text c="dimmed">{t('material.noPreview')}</Text>;
  }
}

/** `/event/:eventId/materials/:materialId`: a session's material, shown inline when the browser can, and its download. */
export function MaterialPage() {
  const { eventId = '', materialId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const material = useMaterial(eventId, materialId);
  usePageTitle(material.data?.name ?? t('material.title'));

  let body;
  if (material.isPending)
    body = <Skeleton h={320} radius="md" role="status" aria-label={t('agenda.loading')} />;
  else if (material.isError && material.error.status === 404)
    body = (
      <EmptyState title={t('material.notFoundTitle')} description={t('material.notFoundText')} py="xl" />
    );
  else if (material.isError) body = <LoadError onRetry={() => void material.refetch()} />;
  else {
    const m = material.data;
    body = (
      <Stack gap="md">
        <div>
          <h1 style={{ margin: 0, fontSize: 'var(--mantine-h2-font-size)' }}>{m.name}</h1>
          <Text size="sm" c="dimmed">
            {t(`material.kind.${materialKind(m.fileType)}`)} · {m.fileName}
          </Text>
        </div>
        {m.description && <Text style={{ whiteSpace: 'pre-line' }}>{m.description}</Text>}
        <Card withBorder radius="md" padding="sm">
          <Preview material={m} />
        </Card>
        <Group gap="sm">
          <Button component="a" href={m.url} download={m.fileName}>
            {t('material.download')}
          </Button>
          <Button
            component="a"
            href={m.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            rightSection={<ExternalLinkIcon size={16} />}
          >
            {t('material.open')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackLink eventId={eventId} />
      {body}
    </Stack>
  );
}
