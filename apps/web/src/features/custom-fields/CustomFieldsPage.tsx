import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, defaultLayout, SearchInput, YesNo, type ColumnDef } from '../../shared/list';
import { IconArrowDown, IconArrowUp, IconInbox } from '../../shared/list/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { useCustomFields, type CustomFieldRow } from '../../shared/custom-fields';
import { customFieldsPath, useCustomFieldMutations, useRefreshCustomFields } from './api';
import { CustomFieldForm } from './CustomFieldForm';
import { EventRequired } from '../../shared/ui/EventRequired';
import { matchName, moveId } from './reorder';

/** `/attendees/custom-fields` and `/setup/custom-fields`: the selected event's custom fields. */
export function CustomFieldsPage() {
  return (
    <EventRequired>{(eventId) => <CustomFieldsOfEvent key={eventId} eventId={eventId} />}</EventRequired>
  );
}

function CustomFieldsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('customFields');
  usePageTitle(t('page.title'));
  const titleId = useId();
  const fields = useCustomFields(eventId);
  const { reorder } = useCustomFieldMutations(eventId);
  const refresh = useRefreshCustomFields(eventId);
  const dialog = useEditDialog<CustomFieldRow>();
  const deleting = useDeleteDialog<CustomFieldRow>();
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const all = useMemo(() => fields.data ?? [], [fields.data]);
  const shown = useMemo(() => matchName(all, search), [all, search]);
  // Moving needs the whole list in view. (Not disabled while saving: a disabled button loses the focus.)
  const canMove = search === '';

  const move = useCallback(
    (field: CustomFieldRow, delta: -1 | 1) => {
      if (reorder.isPending) return;
      const ids = moveId(
        all.map((f) => f.id),
        field.id,
        delta,
      );
      const position = ids.indexOf(field.id);
      reorder.mutate(ids, {
        onSuccess: () =>
          setAnnouncement(t('move.moved', { name: field.name, position: position + 1, count: ids.length })),
        onError: (error) => toast.error(error.message || t('move.failed')),
      });
      // The row moves: keep the focus on its button (or on the other one at either end).
      requestAnimationFrame(() => {
        const wanted =
          delta === -1 && position === 0
            ? 'down'
            : delta === 1 && position === ids.length - 1
              ? 'up'
              : delta === -1
                ? 'up'
                : 'down';
        document.querySelector<HTMLElement>(`[data-move="${field.id}:${wanted}"]`)?.focus();
      });
    },
    [all, reorder, t],
  );

  const columns = useMemo<ColumnDef<CustomFieldRow>[]>(() => {
    const indexOf = new Map(all.map((f, i) => [f.id, i]));
    return [
      {
        id: 'position',
        header: 'customFields:columns.position',
        width: 96,
        cell: (f) => {
          const i = indexOf.get(f.id) ?? 0;
          return (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" w={20} ta="right">
                {i + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                aria-label={t('move.up', { name: f.name })}
                title={t('move.up', { name: f.name })}
                disabled={!canMove || i === 0}
                onClick={() => move(f, -1)}
                data-move={`${f.id}:up`}
              >
                <IconArrowUp />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('move.down', { name: f.name })}
                title={t('move.down', { name: f.name })}
                disabled={!canMove || i === all.length - 1}
                onClick={() => move(f, 1)}
                data-move={`${f.id}:down`}
              >
                <IconArrowDown />
              </ActionIcon>
            </Group>
          );
        },
      },
      {
        id: 'name',
        header: 'customFields:columns.name',
        width: 200,
        cell: (f) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate title={f.name}>
              {f.name}
            </Text>
            {f.settings.special && (
              <Badge size="sm" variant="filled" color="gray.7">
                {t('builtIn')}
              </Badge>
            )}
          </Group>
        ),
      },
      { id: 'dataType', header: 'customFields:columns.dataType', width: 170, cell: (f) => typeText(f, t) },
      {
        id: 'required',
        header: 'customFields:columns.required',
        width: 96,
        cell: (f) => <YesNo value={f.settings.required} />,
      },
      {
        id: 'values',
        header: 'customFields:columns.values',
        width: 150,
        cell: (f) => (
          <Text size="sm" truncate title={f.settings.enumValues.join(', ')}>
            {f.settings.enumValues.join(', ')}
          </Text>
        ),
      },
      {
        id: 'participants',
        header: 'customFields:columns.participants',
        width: 150,
        cell: (f) => participantAccess(f, t),
      },
    ];
  }, [all, canMove, move, t]);
  const layout = useMemo(() => defaultLayout(columns), [columns]);

  const add = <Button onClick={dialog.openCreate}>{t('page.add')}</Button>;
  const empty =
    search !== '' ? (
      <Text role="status" py="md" ta="center">
        {t('list:empty.noResults')}
      </Text>
    ) : (
      <EmptyState
        icon={<IconInbox width={28} height={28} />}
        withIndicatorBackground
        title={t('page.empty')}
        description={t('page.emptyText')}
      >
        <EmptyState.Actions>{add}</EmptyState.Actions>
      </EmptyState>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} id={titleId} fz={{ base: 24, sm: 28 }}>
          {t('page.title')}
        </Title>
        {add}
      </Group>
      <Text c="dimmed" maw={760}>
        {t('page.intro')}
      </Text>
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <SearchInput value={search} onChange={setSearch} placeholder={t('page.search')} />
        {fields.data && (
          <Text size="sm" c="dimmed" role="status">
            {search ? t('page.searchHint') : t('page.count', { count: all.length })}
          </Text>
        )}
      </Group>
      {fields.isError && !fields.data ? (
        <LoadError message={fields.error.message} onRetry={() => void fields.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          layout={layout}
          rowCount={shown.length}
          getRecord={(i) => shown[i]}
          getRowId={(f) => f.id}
          loading={fields.isPending}
          showEmpty={!fields.isPending}
          empty={empty}
          labelledBy={titleId}
          virtual={false}
          rowActions={(f) => (
            <RowActions>
              <EditButton name={f.name} onClick={() => dialog.openEdit(f)} />
              <DeleteButton label={t('delete.button', { name: f.name })} onClick={() => deleting.open(f)} />
            </RowActions>
          )}
        />
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {dialog.open && <CustomFieldForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={customFieldsPath(eventId)}
          id={deleting.record.id}
          title={t('delete.title')}
          message={t('delete.text', { name: deleting.record.name })}
          confirmLabel={t('delete.confirm')}
          successMessage={t('delete.deleted', { name: deleting.record.name })}
          onClose={() => {
            deleting.close();
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

function typeText(field: CustomFieldRow, t: TFunction<'customFields'>): string {
  const label = t(`types.${field.dataType}`);
  if (field.dataType === 'CURRENCY' && field.currencyCode)
    return t('typeWithCode', { label, code: field.currencyCode });
  if (field.dataType === 'ENUM') return t(field.settings.isEnumMultiple ? 'multiple' : 'single');
  return label;
}

/** Spec settings editableByParticipant / showInProfile in one short text. */
function participantAccess(field: CustomFieldRow, t: TFunction<'customFields'>): string {
  if (field.editableByParticipant && field.showInProfile) return t('access.both');
  if (field.editableByParticipant) return t('access.edits');
  if (field.showInProfile) return t('access.sees');
  return t('access.none');
}
