import { Button, ColorSwatch, Group, Text, UnstyledButton } from '@mantine/core';
import type { AvailableField } from '@plenary/domain';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, formatCount, ResourceListPage, type ResourceDef } from '../../shared/list';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { labelsPath, useAvailableFields, type LabelRow } from './api';
import { LabelForm } from './LabelForm';
import { LabelMembers } from './LabelMembers';
import { fieldOfRule, ruleValueText } from '../../shared/audience/ruleForm';
import classes from './labels.module.css';

const NO_FIELDS: readonly AvailableField[] = [];

/** `/attendees/labels`: the selected event's labels. */
export function LabelsPage() {
  return <EventRequired>{(eventId) => <LabelsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

/** 'Diet includes Vegan, Vegetarian · Company equal Acme' (cells stay hook-free). */
function rulesText(label: LabelRow, fields: readonly AvailableField[]): string {
  const t = i18next.getFixedT(null, 'labels');
  return label.rules
    .map((r) =>
      t('ruleText', {
        field: fieldOfRule(fields, r.field)?.name ?? r.field,
        operator: t(`operators.${r.operator}`).toLowerCase(),
        value: ruleValueText(r.value, { yes: t('yes'), no: t('no') }),
      }),
    )
    .join(' · ');
}

function labelsResource(
  eventId: string,
  fields: readonly AvailableField[],
  openMembers: (label: LabelRow) => void,
): ResourceDef<LabelRow> {
  const t = i18next.getFixedT(null, 'labels');
  return defineResource<LabelRow>({
    key: 'labels',
    path: labelsPath(eventId),
    searchPlaceholderKey: 'labels:page.search',
    exportable: false,
    filters: [
      {
        kind: 'multiselect',
        id: 'type',
        labelKey: 'labels:filters.type',
        options: [
          { value: 'MANUAL', labelKey: 'labels:types.MANUAL' },
          { value: 'RULE', labelKey: 'labels:types.RULE' },
        ],
      },
    ],
    columns: [
      {
        id: 'name',
        header: 'labels:columns.name',
        sortField: 'name',
        width: 210,
        cell: (l) => (
          <Group gap={8} wrap="nowrap">
            <ColorSwatch color={l.color} size={14} aria-hidden="true" style={{ flex: 'none' }} />
            <Text size="sm" fw={500} truncate title={l.name}>
              {l.name}
            </Text>
          </Group>
        ),
      },
      { id: 'type', header: 'labels:columns.type', width: 90, cell: (l) => t(`types.${l.type}`) },
      {
        id: 'rules',
        header: 'labels:columns.rules',
        width: 250,
        cell: (l) => {
          const text = rulesText(l, fields);
          return (
            <Text size="sm" truncate title={text}>
              {text}
            </Text>
          );
        },
      },
      {
        id: 'members',
        header: 'labels:columns.members',
        width: 100,
        align: 'right',
        cell: (l) => (
          <UnstyledButton
            className={classes.members}
            onClick={() => openMembers(l)}
            aria-label={`${t('members.count', { count: l.memberCount })}. ${t('members.open', { name: l.name })}`}
          >
            {formatCount(l.memberCount, i18next.language)}
          </UnstyledButton>
        ),
      },
      { id: 'createdBy', header: 'labels:columns.createdBy', width: 150, cell: (l) => l.createdBy },
      {
        id: 'createdAt',
        header: 'labels:columns.createdAt',
        sortField: 'createdAt',
        width: 180,
        defaultVisible: false,
        cell: (l) => <DateTime value={l.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'labels:columns.updatedAt',
        sortField: 'updatedAt',
        width: 180,
        defaultVisible: false,
        cell: (l) => <DateTime value={l.updatedAt} />,
      },
    ],
  });
}

function LabelsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('labels');
  const fields = useAvailableFields(eventId);
  const dialog = useEditDialog<LabelRow>();
  const deleting = useDeleteDialog<LabelRow>();
  const [membersOf, setMembersOf] = useState<LabelRow | null>(null);
  const resource = useMemo(
    () => labelsResource(eventId, fields.data ?? NO_FIELDS, setMembersOf),
    [eventId, fields.data],
  );
  const add = <Button onClick={dialog.openCreate}>{t('page.add')}</Button>;

  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('page.title')}
        actions={add}
        rowActions={(l) => (
          <RowActions>
            <EditButton name={l.name} onClick={() => dialog.openEdit(l)} />
            <DeleteButton label={t('delete.button', { name: l.name })} onClick={() => deleting.open(l)} />
          </RowActions>
        )}
        empty={{ title: t('page.empty'), description: t('page.emptyText'), action: add }}
      />
      {dialog.open && <LabelForm eventId={eventId} record={dialog.record} onClose={dialog.close} />}
      <LabelMembers eventId={eventId} label={membersOf} onClose={() => setMembersOf(null)} />
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('delete.title')}
          message={t('delete.text', { name: deleting.record.name })}
          confirmLabel={t('delete.confirm')}
          successMessage={t('delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
