import {
  Anchor,
  Button,
  ColorSwatch,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DeleteButton } from '../../shared/ui/ConfirmDelete';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { MapViewer, type MapPinView, type Point, type Size } from '../../shared/maps';
import { EditButton } from '../../shared/forms/EntityForm';
import { useInteractiveMap, useMapChanges, type MapRow, type PinRow } from './api';
import { MapForm, type MapDialogMode } from './MapForm';
import { PinForm } from './PinForm';
import classes from './content.module.css';

/** `/content/interactive-maps/:mapId`: the floor plan with its pins (`?pin=` opens at a pin). */
export function MapEditorPage() {
  const { mapId = '' } = useParams();
  return (
    <EventRequired>
      {(eventId) => <MapEditor key={`${eventId}:${mapId}`} eventId={eventId} mapId={mapId} />}
    </EventRequired>
  );
}

/** What a pin links to, for the side list: 'Hall A · Keynote'. */
function pinTargets(pin: PinRow): string {
  return [pin.location?.name, pin.session?.name, pin.material?.name].filter(Boolean).join(' · ');
}

function MapEditor({ eventId, mapId }: { eventId: string; mapId: string }) {
  const { t } = useTranslation('content');
  const map = useInteractiveMap(eventId, mapId);
  usePageTitle(map.data?.name ?? t('maps.title'));
  if (map.isPending) {
    return (
      <Stack>
        <Skeleton h={36} w={300} />
        <Skeleton h={480} />
      </Stack>
    );
  }
  if (map.isError) {
    return (
      <Stack>
        <Anchor component={Link} to="/content/interactive-maps">
          {t('editor.back')}
        </Anchor>
        {map.error.status === 404 ? (
          <Text>{t('editor.notFound')}</Text>
        ) : (
          <LoadError onRetry={() => void map.refetch()} />
        )}
      </Stack>
    );
  }
  return <Editor eventId={eventId} map={map.data} />;
}

function Editor({ eventId, map }: { eventId: string; map: MapRow }) {
  const { t } = useTranslation('content');
  const [search, setSearch] = useSearchParams();
  const linkedPin = search.get('pin');
  const changes = useMapChanges(eventId, map.id);
  const pins = useMemo(() => map.pins ?? [], [map.pins]);
  const [selected, setSelected] = useState<string | null>(linkedPin);
  const [placing, setPlacing] = useState(false);
  const [pinDialog, setPinDialog] = useState<{ pin: PinRow | null; at: Point | null } | null>(null);
  const [mapDialog, setMapDialog] = useState<MapDialogMode | null>(null);
  const [deleting, setDeleting] = useState<PinRow | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusReturn = useFocusReturnOnClose();
  const selectedPin = pins.find((p) => p.id === selected) ?? null;
  const views: MapPinView[] = useMemo(
    () => pins.map(({ id, x, y, name, color }) => ({ id, x, y, name, color })),
    [pins],
  );

  const select = (id: string | null) => {
    setSelected(id);
    // The address follows the selection, so a reload or a shared link opens at the same pin.
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('pin', id);
        else next.delete('pin');
        return next;
      },
      { replace: true },
    );
  };

  const move = (id: string, at: Point) => {
    const pin = pins.find((p) => p.id === id);
    changes.updatePin.mutate(
      { id, body: { x: at.x, y: at.y } },
      {
        onSuccess: () => setAnnouncement(t('editor.moved', { name: pin?.name ?? '' })),
        onError: () => toast.error(t('editor.moveFailed')),
      },
    );
  };

  const { mutate: saveSize } = changes.saveSize;
  const onPlanSize = useCallback(
    (size: Size) => {
      // An image's size is read by the API; a PDF's first page is measured only here.
      if (map.fileType === 'pdf' && (map.width !== size.width || map.height !== size.height)) saveSize(size);
    },
    [map.fileType, map.width, map.height, saveSize],
  );

  const openPinDialog = (pin: PinRow | null, at: Point | null) => {
    focusReturn.remember();
    setPinDialog({ pin, at });
  };
  const closeDialogs = () => {
    setPinDialog(null);
    setMapDialog(null);
    setDeleting(null);
    focusReturn.restore();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && placing && !pinDialog) setPlacing(false);
  };

  return (
    <Stack gap="md" onKeyDown={onKeyDown}>
      <Anchor component={Link} to="/content/interactive-maps" size="sm">
        {t('editor.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{map.name}</Title>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => {
              focusReturn.remember();
              setMapDialog('edit');
            }}
          >
            {t('editor.editMap')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              focusReturn.remember();
              setMapDialog('replace');
            }}
          >
            {t('editor.replacePlan')}
          </Button>
          <Button
            variant={placing ? 'filled' : 'light'}
            aria-pressed={placing}
            onClick={() => setPlacing((p) => !p)}
          >
            {placing ? t('editor.stopPlacing') : t('editor.addPin')}
          </Button>
        </Group>
      </Group>
      {map.description && <Text c="dimmed">{map.description}</Text>}
      {placing && (
        <Text size="sm" role="status" fw={500}>
          {t('editor.placing')}
        </Text>
      )}
      <div className={classes.editor}>
        <MapViewer
          plan={{ url: map.url, fileType: map.fileType, width: map.width, height: map.height }}
          pins={views}
          label={map.name}
          height="min(70vh, 720px)"
          selectedPinId={selected}
          highlightPinId={linkedPin}
          onSelectPin={select}
          onMovePin={move}
          placing={placing}
          onPlace={(at) => {
            setPlacing(false);
            openPinDialog(null, at);
          }}
          onPlanSize={onPlanSize}
        />
        <Paper
          withBorder
          p="sm"
          component="section"
          aria-labelledby="map-pins-heading"
          className={classes.pinPanel}
        >
          <Title order={2} size="h4" id="map-pins-heading" mb="xs">
            {t('editor.pins')}
          </Title>
          {pins.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('editor.noPins')}
            </Text>
          ) : (
            <ul className={classes.pinList}>
              {pins.map((pin) => (
                <li key={pin.id} className={pin.id === selected ? classes.pinSelected : undefined}>
                  <UnstyledButton
                    className={classes.pinButton}
                    onClick={() => select(pin.id)}
                    aria-pressed={pin.id === selected}
                    aria-label={t('editor.selectPin', { name: pin.name })}
                  >
                    <Group gap={8} wrap="nowrap">
                      <ColorSwatch color={pin.color} size={14} aria-hidden="true" style={{ flex: 'none' }} />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          {pin.name}
                        </Text>
                        {pinTargets(pin) && (
                          <Text size="xs" c="dimmed" truncate>
                            {pinTargets(pin)}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  <Group gap={2} wrap="nowrap">
                    <EditButton name={pin.name} onClick={() => openPinDialog(pin, null)} />
                    <DeleteButton
                      label={t('editor.deletePin.button', { name: pin.name })}
                      onClick={() => {
                        focusReturn.remember();
                        setDeleting(pin);
                      }}
                    />
                  </Group>
                </li>
              ))}
            </ul>
          )}
          {selectedPin && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('editor.pinForm.position', {
                x: (selectedPin.x * 100).toFixed(1),
                y: (selectedPin.y * 100).toFixed(1),
              })}
            </Text>
          )}
        </Paper>
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {pinDialog && (
        <PinForm
          eventId={eventId}
          changes={changes}
          pin={pinDialog.pin}
          at={pinDialog.at}
          onClose={closeDialogs}
          onSaved={(pin) => {
            closeDialogs();
            select(pin.id);
          }}
        />
      )}
      {mapDialog && (
        <MapForm
          eventId={eventId}
          mode={mapDialog}
          record={map}
          onClose={closeDialogs}
          onSaved={() => void changes.refreshMap()}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('editor.deletePin.title')}
          confirmLabel={t('editor.deletePin.confirm')}
          danger
          errorTitle={t('common:confirm.deleteRefused')}
          failedMessage={t('common:confirm.deleteFailed')}
          onClose={closeDialogs}
          onConfirm={async () => {
            await changes.deletePin.mutateAsync(deleting.id);
            if (selected === deleting.id) select(null);
            toast.success(t('editor.deletePin.deleted', { name: deleting.name }));
          }}
        >
          <Text>{t('editor.deletePin.text', { name: deleting.name })}</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
