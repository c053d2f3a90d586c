import { Anchor, Stack, Text } from '@mantine/core';
import { usageInMapText, type PinUsage } from '@plenary/domain';
import i18next from 'i18next';
import { Link } from 'react-router';
import { mapEditorLink } from './api';
import classes from './content.module.css';

/**
 * Where a record is pinned: one link per pin, with the spec's usage-in-map text (map name + pin
 * name), to the map editor at that pin. Hook-free: it renders in list cells.
 */
export function PinUsageLinks({ pins }: { pins: readonly PinUsage[] }) {
  if (pins.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {i18next.t('content:common.notPinned')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {pins.map((pin) => (
        <Anchor
          key={pin.pinId}
          component={Link}
          to={mapEditorLink(pin.mapId, pin.pinId)}
          size="sm"
          truncate
          className={classes.cellLink}
          title={usageInMapText(pin)}
        >
          {usageInMapText(pin)}
        </Anchor>
      ))}
    </Stack>
  );
}
