import { Button, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  nonNegativeIntegerSchema,
  requiredString,
} from '@plenary/domain';
import i18next from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../shared/forms/useForm';
import {
  DateTime,
  defineResource,
  formatCount,
  ResourceListPage,
  YesNo,
  type ResourceDef,
} from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { AudienceFormDialog, useAudienceForm } from './AudienceFormDialog';
import { breakoutsPath, personName, type BreakoutBody, type BreakoutRow } from './api';
import { audienceText } from './sessionsResource';

function breakoutsResource(eventId: string): ResourceDef<BreakoutRow> {
  const t = i18next.getFixedT(null, 'agenda');
  return defineResource<BreakoutRow>({
    key: `breakouts-${eventId}`,
    path: breakoutsPath(eventId),
    searchPlaceholderKey: 'agenda:breakouts.search',
    exportable: false,
    rowLabel: (b) => b.name,
    columns: [
      {
        id: 'name',
        header: 'agenda:breakouts.columns.name',
        sortField: 'name',
        width: 220,
        cell: (b) => (
          <Text size="sm" fw={500} truncate title={b.name}>
            {b.name}
          </Text>
        ),
      },
      {
        id: 'enrollable',
        header: 'agenda:breakouts.columns.enrollable',
        width: 110,
        cell: (b) => <YesNo value={b.enrollable} />,
      },
      {
        id: 'capacity',
        header: 'agenda:breakouts.columns.capacity',
        width: 110,
        align: 'right',
        cell: (b) =>
          b.capacity === null ? t('common.unlimited') : formatCount(b.capacity, i18next.language),
      },
      {
        id: 'audience',
        header: 'agenda:breakouts.columns.audience',
        width: 180,
        cell: (b) => (
          <Text size="sm" truncate>
            {audienceText(b.audience)}
          </Text>
        ),
      },
      {
        id: 'sessions',
        header: 'agenda:breakouts.columns.sessions',
        width: 280,
        cell: (b) => {
          const names = b.sessions.map((s) => s.name).join(', ');
          return (
            <Text size="sm" truncate title={names}>
              {names}
            </Text>
          );
        },
      },
      {
        id: 'createdBy',
        header: 'agenda:breakouts.columns.createdBy',
        width: 160,
        defaultVisible: false,
        cell: (b) => personName(b.createdBy),
      },
      {
        id: 'createdAt',
        header: 'agenda:breakouts.columns.createdAt',
        sortField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (b) => <DateTime value={b.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'agenda:breakouts.columns.updatedAt',
        sortField: 'updatedAt',
        width: 180,
        defaultVisible: false,
        cell: (b) => <DateTime value={b.updatedAt} />,
      },
    ],
    filters: [{ kind: 'boolean', id: 'enrollable', labelKey: 'agenda:breakouts.filters.enrollable' }],
  });
}

const OWN_FIELDS = ['name', 'description', 'enrollable', 'capacity'] as const;

function BreakoutForm({
  eventId,
  record,
  onClose,
}: {
  eventId: string;
  record: BreakoutRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const form = useAudienceForm<BreakoutRow, BreakoutBody>({
    eventId,
    path: breakoutsPath(eventId),
    record,
    ownFields: OWN_FIELDS,
    messages: { saved: 'breakouts.saved', created: 'breakouts.created' },
    onClose,
  });
  const { errors, clear } = form;
  const [name, setName] = useState(record?.name ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [enrollable, setEnrollable] = useState(record?.enrollable ?? true);
  const [capacity, setCapacity] = useState(
    record?.capacity === null || record?.capacity === undefined ? '' : String(record.capacity),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const own: Record<string, string> = {};
    const nameError = schemaMessage(requiredString(CONTENT_NAME_MAX_LENGTH), name);
    if (nameError) own.name = nameError;
    const seats = capacity.trim();
    const capacityError =
      seats === ''
        ? undefined
        : schemaMessage(nonNegativeIntegerSchema, /^\d+$/.test(seats) ? Number(seats) : seats);
    if (capacityError) own.capacity = capacityError;
    void form.submit(own, (audience) => ({
      name: name.trim(),
      description,
      enrollable,
      capacity: seats === '' ? null : Number(seats),
      audience,
    }));
  };

  return (
    <AudienceFormDialog
      form={form}
      title={t(record ? 'breakouts.form.editTitle' : 'breakouts.form.addTitle')}
      onSubmit={submit}
    >
      <TextInput
        label={t('breakouts.form.name')}
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
      <Textarea
        label={t('breakouts.form.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
      <Switch
        label={t('breakouts.form.enrollable')}
        checked={enrollable}
        onChange={(e) => setEnrollable(e.currentTarget.checked)}
        error={errors.enrollable}
        data-field="enrollable"
      />
      <TextInput
        label={t('breakouts.form.capacity')}
        description={t('breakouts.form.capacityHint')}
        inputMode="numeric"
        value={capacity}
        onChange={(e) => {
          setCapacity(e.currentTarget.value);
          clear('capacity');
        }}
        error={errors.capacity}
        data-field="capacity"
        w={{ base: '100%', sm: 240 }}
      />
    </AudienceFormDialog>
  );
}

function BreakoutsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('agenda');
  const resource = useMemo(() => breakoutsResource(eventId), [eventId]);
  const dialog = useEditDialog<BreakoutRow>();
  const deleting = useDeleteDialog<BreakoutRow>();
  usePageTitle(t('breakouts.title'));
  const add = <Button onClick={dialog.openCreate}>{t('breakouts.add')}</Button>;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('breakouts.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t('breakouts.intro')}
        </Text>
      </Stack>
      <ResourceListPage
        section
        resource={resource}
        title={t('breakouts.heading')}
        actions={add}
        rowActions={(b) => (
          <RowActions>
            <EditButton name={b.name} onClick={() => dialog.openEdit(b)} />
            <DeleteButton
              label={t('breakouts.delete.button', { name: b.name })}
              onClick={() => deleting.open(b)}
            />
          </RowActions>
        )}
        empty={{ title: t('breakouts.empty'), description: t('breakouts.emptyText'), action: add }}
      />
      {dialog.open && <BreakoutForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('breakouts.delete.title')}
          message={t('breakouts.delete.text', { name: deleting.record.name })}
          confirmLabel={t('breakouts.delete.confirm')}
          successMessage={t('breakouts.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </Stack>
  );
}

/** `/setup/sessions`: the event's breakouts (sessions settings). */
export function BreakoutsPage() {
  return <EventRequired>{(eventId) => <BreakoutsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
