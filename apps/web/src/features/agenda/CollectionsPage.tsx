import { Button, ColorInput, ColorSwatch, Group, Text, Textarea, TextInput } from '@mantine/core';
import {
  colorSchema,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  requiredString,
} from '@plenary/domain';
import i18next from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../shared/forms/useForm';
import { DateTime, defineResource, formatCount, ResourceListPage, type ResourceDef } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { AudienceFormDialog, useAudienceForm } from './AudienceFormDialog';
import { collectionsPath, personName, type CollectionBody, type CollectionRow } from './api';
import { audienceText } from './sessionsResource';

const SWATCHES = ['#1c7ed6', '#0f766e', '#2f9e44', '#e67700', '#c92a2a', '#7048e8', '#c2255c', '#495057'];

function collectionsResource(eventId: string): ResourceDef<CollectionRow> {
  return defineResource<CollectionRow>({
    key: `collections-${eventId}`,
    path: collectionsPath(eventId),
    searchPlaceholderKey: 'agenda:collections.search',
    exportable: false,
    rowLabel: (c) => c.name,
    columns: [
      {
        id: 'name',
        header: 'agenda:collections.columns.name',
        sortField: 'name',
        width: 220,
        cell: (c) => (
          <Group gap={8} wrap="nowrap">
            <ColorSwatch color={c.color} size={14} aria-hidden="true" style={{ flex: 'none' }} />
            <Text size="sm" fw={500} truncate title={c.name}>
              {c.name}
            </Text>
          </Group>
        ),
      },
      {
        id: 'color',
        header: 'agenda:collections.columns.color',
        width: 100,
        defaultVisible: false,
        cell: (c) => c.color,
      },
      {
        id: 'description',
        header: 'agenda:collections.columns.description',
        width: 200,
        cell: (c) => (
          <Text size="sm" truncate title={c.description}>
            {c.description}
          </Text>
        ),
      },
      {
        id: 'audience',
        header: 'agenda:collections.columns.audience',
        width: 150,
        cell: (c) => (
          <Text size="sm" truncate>
            {c.audience ? audienceText(c.audience) : ''}
          </Text>
        ),
      },
      {
        id: 'rulesLength',
        header: 'agenda:collections.columns.rulesLength',
        width: 90,
        align: 'right',
        cell: (c) => (c.rulesLength === null ? '' : formatCount(c.rulesLength, i18next.language)),
      },
      {
        id: 'sessionCount',
        header: 'agenda:collections.columns.sessionCount',
        width: 100,
        align: 'right',
        cell: (c) => formatCount(c.sessionCount, i18next.language),
      },
      {
        id: 'createdBy',
        header: 'agenda:collections.columns.createdBy',
        width: 160,
        cell: (c) => personName(c.createdBy),
      },
      {
        id: 'createdAt',
        header: 'agenda:collections.columns.createdAt',
        sortField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (c) => <DateTime value={c.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'agenda:collections.columns.updatedAt',
        sortField: 'updatedAt',
        width: 180,
        defaultVisible: false,
        cell: (c) => <DateTime value={c.updatedAt} />,
      },
    ],
    filters: [],
  });
}

const OWN_FIELDS = ['name', 'color', 'description'] as const;

function CollectionForm({
  eventId,
  record,
  onClose,
}: {
  eventId: string;
  record: CollectionRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const form = useAudienceForm<CollectionRow, CollectionBody>({
    eventId,
    path: collectionsPath(eventId),
    record,
    ownFields: OWN_FIELDS,
    messages: { saved: 'collections.saved', created: 'collections.created' },
    onClose,
  });
  const { errors, clear } = form;
  const [name, setName] = useState(record?.name ?? '');
  const [color, setColor] = useState(record?.color ?? SWATCHES[0]!);
  const [description, setDescription] = useState(record?.description ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const own: Record<string, string> = {};
    const nameError = schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name);
    if (nameError) own.name = nameError;
    const colorError = schemaMessage(colorSchema, color);
    if (colorError) own.color = colorError;
    void form.submit(own, (audience) => ({ name: name.trim(), color, description, audience }));
  };

  return (
    <AudienceFormDialog
      form={form}
      title={t(record ? 'collections.form.editTitle' : 'collections.form.addTitle')}
      onSubmit={submit}
    >
      <TextInput
        label={t('collections.form.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          clear('name');
        }}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <ColorInput
        label={t('collections.form.color')}
        format="hex"
        swatches={SWATCHES}
        value={color}
        onChange={(v) => {
          setColor(v);
          clear('color');
        }}
        error={errors.color}
        data-field="color"
        eyeDropperButtonProps={{ 'aria-label': t('collections.form.pickColor') }}
        w={{ base: '100%', sm: 260 }}
      />
      <Textarea
        label={t('collections.form.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
    </AudienceFormDialog>
  );
}

function CollectionsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('agenda');
  const resource = useMemo(() => collectionsResource(eventId), [eventId]);
  const dialog = useEditDialog<CollectionRow>();
  const deleting = useDeleteDialog<CollectionRow>();
  const add = <Button onClick={dialog.openCreate}>{t('collections.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('collections.title')}
        actions={add}
        rowActions={(c) => (
          <RowActions>
            <EditButton name={c.name} onClick={() => dialog.openEdit(c)} />
            <DeleteButton
              label={t('collections.delete.button', { name: c.name })}
              onClick={() => deleting.open(c)}
            />
          </RowActions>
        )}
        empty={{ title: t('collections.empty'), description: t('collections.emptyText'), action: add }}
      />
      {dialog.open && <CollectionForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('collections.delete.title')}
          message={t('collections.delete.text', { name: deleting.record.name })}
          confirmLabel={t('collections.delete.confirm')}
          successMessage={t('collections.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}

/** `/agenda/collections`: the event's collections (tracks). */
export function CollectionsPage() {
  return <EventRequired>{(eventId) => <CollectionsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
