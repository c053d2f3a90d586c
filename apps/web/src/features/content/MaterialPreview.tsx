import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaterialRow } from './api';
import { previewKind } from './files';

/** A material shown in the browser: image, video, audio or PDF; PowerPoint files are offered for download. */
export function MaterialPreview({ material, onClose }: { material: MaterialRow; onClose: () => void }) {
  const { t } = useTranslation('content');
  const kind = previewKind(material.fileType);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        <Text fw={600} size="lg" component="span">
          {t('materials.previewDialog.title', { name: material.name })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {kind === 'image' && <Image src={material.url} alt={material.name} fit="contain" mah="70vh" />}
        {kind === 'video' && (
          <video
            src={material.url}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: '70vh' }}
            aria-label={material.name}
          />
        )}
        {kind === 'audio' && (
          <audio
            src={material.url}
            controls
            preload="metadata"
            style={{ width: '100%' }}
            aria-label={material.name}
          />
        )}
        {kind === 'pdf' && (
          <iframe
            src={material.url}
            title={t('materials.previewDialog.pdfTitle', { name: material.name })}
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        )}
        {kind === 'none' && <Text>{t('materials.previewDialog.noPreview')}</Text>}
        <Group justify="flex-end" gap="sm">
          <Button
            component="a"
            variant="default"
            href={material.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('materials.previewDialog.open')}
          </Button>
          <Button component="a" href={material.url} download={material.fileName}>
            {t('materials.previewDialog.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
