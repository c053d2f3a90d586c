import { Avatar, Badge, Group, Text } from '@mantine/core';
import type { DataType } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { apiFetch } from '../../shared/api/client';
import { formatCustomFieldValue } from '../../shared/custom-fields';
import {
  DateTime,
  defineResource,
  optionsFrom,
  YesNo,
  type ColumnDef,
  type FilterDef,
  type FilterOption,
  type RemoteOptions,
  type ResourceDef,
} from '../../shared/list';
import { participantProfilePath, participantsApi } from './paths';
import type { Participant } from './types';

/** Custom-field columns shown by default (the rest are in the column chooser). */
export const VISIBLE_CUSTOM_COLUMNS = 3;
/** Labels a row shows before "+n". */
const LABELS_SHOWN = 2;

const WIDTH: Record<DataType, number> = {
  STRING: 200,
  PROFILE_LINK: 220,
  BOOLEAN: 110,
  DATE: 140,
  NUMBER: 120,
  CURRENCY: 140,
  TIME: 120,
  ENUM: 200,
};

export const fullName = (p: Pick<Participant, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`.trim();

function LabelBadges({ labels }: { labels: Participant['labels'] }) {
  if (labels.length === 0) return null;
  const rest = labels.length - LABELS_SHOWN;
  return (
    <Group gap={4} wrap="nowrap">
      {labels.slice(0, LABELS_SHOWN).map((l) => (
        <Badge
          key={l.id}
          variant="light"
          color="gray"
          size="sm"
          leftSection={<LabelDot color={l.color} />}
          style={{ textTransform: 'none', flexShrink: 1, minWidth: 0 }}
        >
          {l.name}
        </Badge>
      ))}
      {rest > 0 && (
        <Text
          size="xs"
          c="dimmed"
          title={labels
            .slice(LABELS_SHOWN)
            .map((l) => l.name)
            .join(', ')}
        >
          +{rest}
        </Text>
      )}
    </Group>
  );
}

export function LabelDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: color,
        border: '1px solid rgba(0,0,0,.2)',
      }}
    />
  );
}

function customColumn(field: CustomFieldRow, index: number): ColumnDef<Participant> {
  return {
    id: field.key,
    header: 'attendees:columns.customField',
    headerText: field.name,
    sortField: field.key,
    exportField: field.key,
    defaultVisible: index < VISIBLE_CUSTOM_COLUMNS,
    width: WIDTH[field.dataType],
    align: field.dataType === 'NUMBER' || field.dataType === 'CURRENCY' ? 'right' : 'left',
    cell: (p) => formatCustomFieldValue(field, p.customFields[field.id]),
  };
}

/** The distinct values of a field among the participants (most frequent first), as filter options. */
function distinctValues(eventId: string, field: CustomFieldRow): RemoteOptions {
  const path = `${participantsApi(eventId)}/get-available-fields-data`;
  const query = { field: field.key, limit: 1000 };
  return {
    path,
    query,
    load: async (signal) => {
      const answer = await apiFetch<{ values: { value: string | number | boolean }[] }>(path, {
        query,
        signal,
      });
      return answer.values.map((v): FilterOption => ({ value: String(v.value) }));
    },
  };
}

function customFilter(eventId: string, field: CustomFieldRow): FilterDef {
  const base = {
    id: field.key,
    labelKey: 'attendees:columns.customField',
    labelText: field.name,
    more: true,
  };
  switch (field.dataType) {
    case 'ENUM':
      return {
        ...base,
        kind: 'multiselect',
        options: field.settings.enumValues.map((v) => ({ value: v, label: v })),
      };
    case 'BOOLEAN':
      return { ...base, kind: 'boolean' };
    case 'DATE':
      return { ...base, kind: 'date-range' };
    case 'NUMBER':
    case 'CURRENCY':
      return { ...base, kind: 'number-range' };
    default:
      // STRING, PROFILE_LINK, TIME: pick among the values participants have.
      return { ...base, kind: 'multiselect', options: distinctValues(eventId, field) };
  }
}

/**
 * The event's labels from their own list (`events/{id}/labels`): the labels screen's writes refresh
 * options under that path, so a label made or renamed there shows by name here at once.
 */
function labelOptions(eventId: string): RemoteOptions {
  return optionsFrom<{ id: string; name: string }>(`events/${encodeURIComponent(eventId)}/labels`, (l) => ({
    value: l.id,
    label: l.name,
  }));
}

/**
 * The participants list of one event: standard columns, then one column per custom field (the
 * first few visible), filters by label, e-mail confirmation, photo and every custom field (ENUM and
 * text values to pick, Yes/No, date and number ranges), export of the current filter through
 * `participants/export?eventId=`. View settings are per event (`attendees-<eventId>`).
 */
export function participantsResource(
  eventId: string,
  fields: readonly CustomFieldRow[],
): ResourceDef<Participant> {
  return defineResource<Participant>({
    key: `attendees-${eventId}`,
    path: participantsApi(eventId),
    exportPath: 'participants/export',
    exportQuery: { eventId },
    searchPlaceholderKey: 'attendees:list.search',
    rowLink: (p) => participantProfilePath(eventId, p.id),
    rowLabel: fullName,
    columns: [
      {
        id: 'name',
        header: 'attendees:columns.name',
        sortField: 'lastName',
        exportField: ['firstName', 'lastName'],
        width: 210,
        cell: (p) => (
          <Group gap="xs" wrap="nowrap" component="span">
            <Avatar
              component="span"
              src={p.photoUrl}
              size={26}
              radius="xl"
              alt=""
              color="initials"
              name={fullName(p)}
              aria-hidden="true"
            />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{fullName(p)}</span>
          </Group>
        ),
      },
      {
        id: 'email',
        header: 'attendees:columns.email',
        sortField: 'email',
        exportField: 'email',
        width: 220,
        cell: (p) => p.email,
      },
      {
        id: 'jobTitle',
        header: 'attendees:columns.jobTitle',
        sortField: 'jobTitle',
        exportField: 'jobTitle',
        width: 150,
        cell: (p) => p.jobTitle,
      },
      {
        id: 'company',
        header: 'attendees:columns.company',
        sortField: 'company',
        exportField: 'company',
        width: 150,
        cell: (p) => p.company,
      },
      {
        id: 'phone',
        header: 'attendees:columns.phone',
        exportField: 'phone',
        width: 150,
        defaultVisible: false,
        cell: (p) => p.phone,
      },
      {
        id: 'labels',
        header: 'attendees:columns.labels',
        exportField: 'labels',
        width: 180,
        cell: (p) => <LabelBadges labels={p.labels} />,
      },
      {
        id: 'emailVerified',
        header: 'attendees:columns.emailVerified',
        exportField: 'emailVerified',
        width: 130,
        defaultVisible: false,
        cell: (p) => <YesNo value={p.emailVerified} />,
      },
      {
        id: 'createdAt',
        header: 'attendees:columns.createdAt',
        sortField: 'createdAt',
        exportField: 'createdAt',
        width: 190,
        defaultVisible: false,
        cell: (p) => <DateTime value={p.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'attendees:columns.updatedAt',
        sortField: 'updatedAt',
        exportField: 'updatedAt',
        width: 190,
        defaultVisible: false,
        cell: (p) => <DateTime value={p.updatedAt} />,
      },
      ...fields.map(customColumn),
    ],
    filters: [
      {
        kind: 'multiselect',
        id: 'labelId',
        labelKey: 'attendees:filters.labels',
        options: labelOptions(eventId),
      },
      { kind: 'boolean', id: 'verified', labelKey: 'attendees:filters.verified', more: true },
      { kind: 'boolean', id: 'hasPhoto', labelKey: 'attendees:filters.hasPhoto', more: true },
      ...fields.map((f) => customFilter(eventId, f)),
    ],
  });
}
