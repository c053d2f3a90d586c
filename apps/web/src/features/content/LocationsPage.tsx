import { Anchor, Button, Text } from '@mantine/core';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateTime,
  defineResource,
  formatCount,
  ResourceListPage,
  type ColumnDef,
  type ResourceDef,
} from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { locationsPath, type LocationRow } from './api';
import { LocationForm } from './LocationForm';
import { PinUsageLinks } from './PinUsageLinks';
import classes from './content.module.css';

/** `/agenda/locations`: the selected event's locations. */
export function LocationsPage() {
  return <EventRequired>{(eventId) => <LocationsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

function truncated(text: string) {
  return (
    <Text size="sm" truncate title={text}>
      {text}
    </Text>
  );
}

/**
 * The location's fields with readable headers, name first, like every other console list (the
 * spec's "sorted field names of the first record" is the fallback for records without a list of
 * their own; raw keys in alphabetical order read as a developer's table). The columns shown at
 * first fit a 1440 px console beside the sticky actions column, so none starts hidden under it;
 * Created and Updated are one click away (*Columns*).
 */
export function locationColumns(): ColumnDef<LocationRow>[] {
  const t = i18next.getFixedT(null, 'content');
  const columns: ColumnDef<LocationRow>[] = [
    {
      id: 'name',
      header: 'content:locations.columns.name',
      sortField: 'name',
      width: 180,
      cell: (l) => (
        <Text size="sm" fw={500} truncate title={l.name}>
          {l.name}
        </Text>
      ),
    },
    {
      id: 'description',
      header: 'content:locations.columns.description',
      width: 200,
      cell: (l) => truncated(l.description),
    },
    {
      id: 'mapLocationUrl',
      header: 'content:locations.columns.mapLocationUrl',
      width: 160,
      cell: (l) =>
        l.mapLocationUrl && (
          <Anchor
            href={l.mapLocationUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            truncate
            className={classes.cellLink}
            aria-label={t('locations.openUrl', { name: l.name })}
            title={l.mapLocationUrl}
          >
            {l.mapLocationUrl}
          </Anchor>
        ),
    },
    {
      id: 'pdfMapUrl',
      header: 'content:locations.columns.pdfMapUrl',
      width: 100,
      cell: (l) =>
        l.pdfMapUrl && (
          <Anchor
            href={l.pdfMapUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            className={classes.cellLink}
            aria-label={t('locations.openPdf', { name: l.name })}
          >
            {t('locations.pdfLink')}
          </Anchor>
        ),
    },
    {
      id: 'pins',
      header: 'content:locations.columns.pins',
      width: 220,
      cell: (l) => <PinUsageLinks pins={l.pins} />,
    },
    {
      id: 'sessionCount',
      header: 'content:locations.columns.sessionCount',
      width: 100,
      align: 'right',
      cell: (l) => formatCount(l.sessionCount, i18next.language),
    },
    {
      id: 'createdAt',
      header: 'content:locations.columns.createdAt',
      sortField: 'createdAt',
      width: 180,
      defaultVisible: false,
      cell: (l) => <DateTime value={l.createdAt} />,
    },
    {
      id: 'updatedAt',
      header: 'content:locations.columns.updatedAt',
      sortField: 'updatedAt',
      width: 180,
      defaultVisible: false,
      cell: (l) => <DateTime value={l.updatedAt} />,
    },
  ];
  return columns;
}

function locationsResource(eventId: string): ResourceDef<LocationRow> {
  return defineResource<LocationRow>({
    key: 'locations',
    path: locationsPath(eventId),
    searchPlaceholderKey: 'content:locations.search',
    exportable: false,
    rowLabel: (l) => l.name,
    columns: locationColumns(),
  });
}

function LocationsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('content');
  const resource = useMemo(() => locationsResource(eventId), [eventId]);
  const dialog = useEditDialog<LocationRow>();
  const deleting = useDeleteDialog<LocationRow>();
  const add = <Button onClick={dialog.openCreate}>{t('locations.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('locations.title')}
        actions={add}
        rowActions={(l) => (
          <RowActions>
            <EditButton name={l.name} onClick={() => dialog.openEdit(l)} />
            <DeleteButton
              label={t('locations.delete.button', { name: l.name })}
              onClick={() => deleting.open(l)}
            />
          </RowActions>
        )}
        empty={{ title: t('locations.empty'), description: t('locations.emptyText'), action: add }}
      />
      {dialog.open && <LocationForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('locations.delete.title')}
          message={t('locations.delete.text', { name: deleting.record.name })}
          confirmLabel={t('locations.delete.confirm')}
          successMessage={t('locations.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
