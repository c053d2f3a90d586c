import { Anchor, Button } from '@mantine/core';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTime, defineResource, formatCount, ResourceListPage, type ResourceDef } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { EditButton } from '../../shared/forms/EntityForm';
import { mapEditorLink, mapsPath, type MapRow } from './api';
import { MapForm, type MapDialogMode } from './MapForm';

/** `/content/interactive-maps`: the selected event's floor plans. */
export function InteractiveMapsPage() {
  return <EventRequired>{(eventId) => <MapsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

const personName = (p: MapRow['createdBy']) =>
  p ? `${p.firstName} ${p.lastName}`.trim() || (p.email ?? '') : '';

function mapsResource(eventId: string): ResourceDef<MapRow> {
  return defineResource<MapRow>({
    key: 'interactive-maps',
    path: mapsPath(eventId),
    searchPlaceholderKey: 'content:maps.search',
    exportable: false,
    rowLabel: (m) => m.name,
    columns: [
      {
        id: 'name',
        header: 'content:maps.columns.name',
        sortField: 'name',
        width: 240,
        cell: (m) => (
          <Anchor
            component={Link}
            to={mapEditorLink(m.id)}
            size="sm"
            fw={500}
            truncate
            title={i18next.t('content:maps.open', { name: m.name })}
          >
            {m.name}
          </Anchor>
        ),
      },
      {
        id: 'fileType',
        header: 'content:maps.columns.fileType',
        width: 90,
        cell: (m) => m.fileType.toUpperCase(),
      },
      {
        id: 'pinCount',
        header: 'content:maps.columns.pinCount',
        width: 90,
        align: 'right',
        cell: (m) => formatCount(m.pinCount, i18next.language),
      },
      {
        id: 'createdBy',
        header: 'content:maps.columns.createdBy',
        width: 160,
        cell: (m) => personName(m.createdBy),
      },
      {
        id: 'createdAt',
        header: 'content:maps.columns.createdAt',
        sortField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (m) => <DateTime value={m.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'content:maps.columns.updatedAt',
        sortField: 'updatedAt',
        width: 180,
        cell: (m) => <DateTime value={m.updatedAt} />,
      },
    ],
  });
}

function MapsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const resource = useMemo(() => mapsResource(eventId), [eventId]);
  const [dialog, setDialog] = useState<{ mode: MapDialogMode; record: MapRow | null } | null>(null);
  const focusReturn = useFocusReturnOnClose();
  const deleting = useDeleteDialog<MapRow>();
  const open = (mode: MapDialogMode, record: MapRow | null) => {
    focusReturn.remember();
    setDialog({ mode, record });
  };
  const add = <Button onClick={() => open('create', null)}>{t('maps.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('maps.title')}
        actions={add}
        rowActions={(m) => (
          <RowActions>
            <EditButton name={m.name} onClick={() => open('edit', m)} />
            <DeleteButton
              label={t('maps.delete.button', { name: m.name })}
              onClick={() => deleting.open(m)}
            />
          </RowActions>
        )}
        empty={{ title: t('maps.empty'), description: t('maps.emptyText'), action: add }}
      />
      {dialog && (
        <MapForm
          eventId={eventId}
          mode={dialog.mode}
          record={dialog.record}
          onClose={() => {
            setDialog(null);
            if (dialog.mode !== 'create') focusReturn.restore();
          }}
          onSaved={(map) => dialog.mode === 'create' && void navigate(mapEditorLink(map.id))}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('maps.delete.title')}
          message={t('maps.delete.text', { name: deleting.record.name, count: deleting.record.pinCount })}
          confirmLabel={t('maps.delete.confirm')}
          successMessage={t('maps.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
