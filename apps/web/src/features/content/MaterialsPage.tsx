import { ActionIcon, Anchor, Button, Menu, Text } from '@mantine/core';
import {
  FILE_TYPES,
  lastModifiedText,
  MATERIAL_FILE_KINDS,
  fileTypesOfKind,
  usageInMapText,
} from '@plenary/domain';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, defineResource, ResourceListPage, type ResourceDef } from '../../shared/list';
import { timestampParts } from '../../shared/time/format';
import { ConfirmDelete, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { mapEditorLink, materialsPath, type MaterialRow } from './api';
import { formatBytes } from './files';
import { MaterialForm, type MaterialDialogMode } from './MaterialForm';
import { MaterialPreview } from './MaterialPreview';
import { PinUsageLinks } from './PinUsageLinks';

/** `/content`: the selected event's materials. */
export function MaterialsPage() {
  return <EventRequired>{(eventId) => <MaterialsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

/** Time (with its zone) then date, on the viewer's clock (shared/time). */
const timeAndDate = (d: Date) => {
  const parts = timestampParts(d);
  return parts ? `${parts.time} ${parts.date}` : '';
};

/** Spec part 3: the material name serves as the map link (the map of its first pin). */
function MaterialName({ material }: { material: MaterialRow }) {
  const pin = material.pins[0];
  if (!pin) {
    return (
      <Text size="sm" fw={500} truncate title={material.name}>
        {material.name}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={mapEditorLink(pin.mapId, pin.pinId)}
      size="sm"
      fw={500}
      truncate
      title={usageInMapText(pin)}
    >
      {material.name}
    </Anchor>
  );
}

function materialsResource(eventId: string): ResourceDef<MaterialRow> {
  const types = MATERIAL_FILE_KINDS.flatMap(fileTypesOfKind);
  return defineResource<MaterialRow>({
    key: 'materials',
    path: materialsPath(eventId),
    searchPlaceholderKey: 'content:materials.search',
    exportable: false,
    rowLabel: (m) => m.name,
    filters: [
      {
        kind: 'multiselect',
        id: 'fileType',
        labelKey: 'content:materials.filters.fileType',
        options: types.map((type) => ({ value: type, label: FILE_TYPES[type].extensions[0]!.toUpperCase() })),
      },
    ],
    columns: [
      {
        id: 'name',
        header: 'content:materials.columns.name',
        sortField: 'name',
        width: 200,
        cell: (m) => <MaterialName material={m} />,
      },
      {
        id: 'fileType',
        header: 'content:materials.columns.fileType',
        sortField: 'fileType',
        width: 100,
        cell: (m) => m.fileType.toUpperCase(),
      },
      {
        id: 'fileSize',
        header: 'content:materials.columns.fileSize',
        sortField: 'fileSize',
        width: 100,
        align: 'right',
        cell: (m) => formatBytes(m.fileSize, i18next.language),
      },
      {
        id: 'pins',
        header: 'content:materials.columns.pins',
        width: 200,
        defaultVisible: false,
        cell: (m) => <PinUsageLinks pins={m.pins} />,
      },
      {
        id: 'createdAt',
        header: 'content:materials.columns.createdAt',
        sortField: 'createdAt',
        width: 170,
        cell: (m) => <DateTime value={m.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'content:materials.columns.updatedAt',
        sortField: 'updatedAt',
        width: 170,
        cell: (m) => <DateTime value={m.updatedAt} />,
      },
      {
        id: 'lastModified',
        header: 'content:materials.columns.lastModified',
        width: 260,
        cell: (m) => (
          <time dateTime={m.updatedAt}>{lastModifiedText(m.updatedAt, m.updatedBy, timeAndDate)}</time>
        ),
      },
    ],
  });
}

function EyeIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx={12} cy={12} r={3} />
    </svg>
  );
}

function UploadIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
    </svg>
  );
}

function DotsIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx={5} cy={12} r={2} />
      <circle cx={12} cy={12} r={2} />
      <circle cx={19} cy={12} r={2} />
    </svg>
  );
}

function MaterialsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('content');
  const resource = useMemo(() => materialsResource(eventId), [eventId]);
  const [dialog, setDialog] = useState<{ mode: MaterialDialogMode; record: MaterialRow | null } | null>(null);
  const [previewing, setPreviewing] = useState<MaterialRow | null>(null);
  const focusReturn = useFocusReturnOnClose();
  const deleting = useDeleteDialog<MaterialRow>();
  const open = (mode: MaterialDialogMode, record: MaterialRow | null) => {
    focusReturn.remember();
    setDialog({ mode, record });
  };
  const close = () => {
    setDialog(null);
    setPreviewing(null);
    focusReturn.restore();
  };
  const add = <Button onClick={() => open('create', null)}>{t('materials.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('materials.title')}
        actions={add}
        rowActions={(m) => (
          <RowActions>
            <ActionIcon
              variant="subtle"
              aria-label={t('materials.preview', { name: m.name })}
              title={t('materials.preview', { name: m.name })}
              onClick={() => {
                focusReturn.remember();
                setPreviewing(m);
              }}
            >
              <EyeIcon />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('materials.more', { name: m.name })}
                  title={t('materials.more', { name: m.name })}
                >
                  <DotsIcon />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<UploadIcon />} onClick={() => open('replace', m)}>
                  {t('materials.replaceFile')}
                </Menu.Item>
                <Menu.Item onClick={() => open('edit', m)}>{t('materials.edit')}</Menu.Item>
                <Menu.Item color="red.8" onClick={() => deleting.open(m)}>
                  {t('materials.delete.title')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </RowActions>
        )}
        empty={{ title: t('materials.empty'), description: t('materials.emptyText'), action: add }}
      />
      {dialog && <MaterialForm eventId={eventId} mode={dialog.mode} record={dialog.record} onClose={close} />}
      {previewing && <MaterialPreview material={previewing} onClose={close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('materials.delete.title')}
          message={t('materials.delete.text', { name: deleting.record.name })}
          confirmLabel={t('materials.delete.confirm')}
          successMessage={t('materials.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
