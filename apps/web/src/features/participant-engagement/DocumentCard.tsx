import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from '../../shared/ui/icons';
import type { LiveTool } from './api';

/** A document tool: open its material. */
export function DocumentCard({ tool }: { tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  if (!tool.material) return null;
  return (
    <Button
      component="a"
      href={tool.material.url}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      rightSection={<ExternalLinkIcon size={16} />}
    >
      {t('document.open', { name: tool.material.name })}
    </Button>
  );
}
