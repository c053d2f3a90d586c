import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './MapViewer.module.css';

/** Zoom in, zoom out and "show the whole map", over the map's corner. */
export function ZoomControls({
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const { t } = useTranslation('content');
  return (
    <div className={classes.controls}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('viewer.zoomIn')}
        title={t('viewer.zoomIn')}
        onClick={onZoomIn}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('viewer.zoomOut')}
        title={t('viewer.zoomOut')}
        onClick={onZoomOut}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('viewer.fit')}
        title={t('viewer.fit')}
        onClick={onFit}
      >
        <svg
          width={16}
          height={16}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
          focusable="false"
        >
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </svg>
      </ActionIcon>
    </div>
  );
}
