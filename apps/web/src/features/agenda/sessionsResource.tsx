import { Anchor, Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { SESSION_STATUSES, SESSION_TYPES, type Audience } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, YesNo, type ResourceDef } from '../../shared/list';
import { eventClock, formatTimeRange } from '../../shared/time/format';
import { fullName, sessionDetailRoute, sessionFilterOptions, sessionsPath, type SessionRow } from './api';

/** Names joined, with a tooltip for the whole list (cells stay hook-free). */
function Names({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  const text = names.join(', ');
  return (
    <Text size="sm" truncate title={text} component="span" display="block">
      {text}
    </Text>
  );
}

/** 'Everyone', 'Labels: VIP, Speakers', '2 rules'. */
export function audienceText(
  audience: Pick<Audience, 'type' | 'rules'> & { labels: readonly { name: string }[] },
): string {
  const t = i18next.getFixedT(null, 'agenda');
  if (audience.type === 'LABELS')
    return t('sessions.audienceText.LABELS', { names: audience.labels.map((l) => l.name).join(', ') });
  if (audience.type === 'RULES') return t('sessions.audienceText.RULES', { count: audience.rules.length });
  return t('sessions.audienceText.EVERYONE');
}

function Collections({ items }: { items: SessionRow['collections'] }) {
  if (items.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" title={items.map((c) => c.name).join(', ')}>
      {items.slice(0, 2).map((c) => (
        <Badge
          key={c.id}
          variant="light"
          color="gray"
          size="sm"
          leftSection={<ColorSwatch color={c.color} size={8} aria-hidden="true" />}
          style={{ textTransform: 'none', minWidth: 0 }}
        >
          {c.name}
        </Badge>
      ))}
      {items.length > 2 && (
        <Text size="xs" c="dimmed">
          +{items.length - 2}
        </Text>
      )}
    </Group>
  );
}

const typeOptions = SESSION_TYPES.map((v) => ({ value: v, labelKey: `agenda:types.${v}` }));
const statusOptions = SESSION_STATUSES.map((v) => ({ value: v, labelKey: `agenda:statuses.${v}` }));

/**
 * The sessions of one event: every Session column of spec part 3 (the first ones visible, the rest
 * in the column chooser), the attendance text, filters whose options come from `sessions/filters`,
 * and times in the event's zone. View settings per event (`sessions-<eventId>`).
 */
export function sessionsResource(eventId: string, zone: string): ResourceDef<SessionRow> {
  const t = i18next.getFixedT(null, 'agenda');
  return defineResource<SessionRow>({
    key: `sessions-${eventId}`,
    path: sessionsPath(eventId),
    exportPath: `${sessionsPath(eventId)}/export`,
    searchPlaceholderKey: 'agenda:sessions.search',
    rowLink: (s) => sessionDetailRoute(s.id),
    rowLabel: (s) => s.name,
    columns: [
      {
        id: 'name',
        header: 'agenda:sessions.columns.name',
        sortField: 'name',
        exportField: 'name',
        width: 240,
        cell: (s) => s.name,
      },
      {
        id: 'startAt',
        header: 'agenda:sessions.columns.startAt',
        sortField: 'startAt',
        exportField: 'startAt',
        width: 190,
        cell: (s) => <DateTime value={s.startAt} timeZone={zone} />,
      },
      {
        id: 'timeSlot',
        header: 'agenda:sessions.columns.timeSlot',
        exportField: 'timeSlot',
        width: 180,
        // On the event's clock like every time on screen (the export keeps the API's 'hh:mm AM/PM').
        cell: (s) => formatTimeRange(s.startAt, s.endAt, eventClock(zone)),
      },
      {
        id: 'type',
        header: 'agenda:sessions.columns.type',
        sortField: 'type',
        exportField: 'type',
        width: 120,
        defaultVisible: false,
        cell: (s) => t(`types.${s.type}`),
      },
      {
        id: 'status',
        header: 'agenda:sessions.columns.status',
        sortField: 'status',
        exportField: 'status',
        width: 120,
        cell: (s) => (
          <Badge
            variant="light"
            color={s.status === 'PUBLISHED' ? 'teal' : 'gray'}
            style={{ textTransform: 'none' }}
          >
            {t(`statuses.${s.status}`)}
          </Badge>
        ),
      },
      {
        id: 'location',
        header: 'agenda:sessions.columns.location',
        exportField: 'location',
        width: 160,
        cell: (s) => s.location?.name ?? '',
      },
      {
        id: 'speakers',
        header: 'agenda:sessions.columns.speakers',
        exportField: 'speakers',
        width: 200,
        cell: (s) => <Names names={s.speakers.map(fullName)} />,
      },
      {
        id: 'collections',
        header: 'agenda:sessions.columns.collections',
        exportField: 'collections',
        width: 200,
        cell: (s) => <Collections items={s.collections} />,
      },
      {
        id: 'breakout',
        header: 'agenda:sessions.columns.breakout',
        exportField: 'breakout',
        width: 160,
        cell: (s) => s.breakout?.name ?? '',
      },
      {
        id: 'attendance',
        header: 'agenda:sessions.columns.attendance',
        sortField: 'enrolledCount',
        exportField: 'enrolledCount',
        width: 150,
        cell: (s) => i18next.t('agenda:attendance', { count: s.enrolledCount }),
      },
      {
        id: 'capacity',
        header: 'agenda:sessions.columns.capacity',
        sortField: 'capacity',
        exportField: 'capacity',
        width: 110,
        align: 'right',
        cell: (s) =>
          s.capacity === null ? t('common.unlimited') : formatCount(s.capacity, i18next.language),
      },
      {
        id: 'enrollable',
        header: 'agenda:sessions.columns.enrollable',
        exportField: 'enrollable',
        width: 110,
        cell: (s) => <YesNo value={s.enrollable} />,
      },
      {
        id: 'description',
        header: 'agenda:sessions.columns.description',
        exportField: 'description',
        width: 240,
        defaultVisible: false,
        cell: (s) => <Names names={s.description ? [s.description] : []} />,
      },
      {
        id: 'accessControl',
        header: 'agenda:sessions.columns.accessControl',
        exportField: 'accessControl',
        width: 140,
        defaultVisible: false,
        cell: (s) => t(`accessControlShort.${s.accessControl}`),
      },
      {
        id: 'virtualLink',
        header: 'agenda:sessions.columns.virtualLink',
        exportField: 'virtualLink',
        width: 200,
        defaultVisible: false,
        cell: (s) =>
          s.virtualLink ? (
            <Anchor
              href={s.virtualLink}
              target="_blank"
              rel="noreferrer noopener"
              size="sm"
              truncate
              display="block"
            >
              {s.virtualLink}
            </Anchor>
          ) : null,
      },
      {
        id: 'moderators',
        header: 'agenda:sessions.columns.moderators',
        exportField: 'moderators',
        width: 200,
        defaultVisible: false,
        cell: (s) => <Names names={s.moderators.map((m) => fullName(m) || m.email)} />,
      },
      {
        id: 'audienceCount',
        header: 'agenda:sessions.columns.audienceCount',
        exportField: 'audienceCount',
        width: 130,
        align: 'right',
        defaultVisible: false,
        cell: (s) => formatCount(s.audienceCount, i18next.language),
      },
      {
        id: 'audience',
        header: 'agenda:sessions.columns.audience',
        exportField: 'audience',
        width: 180,
        defaultVisible: false,
        cell: (s) => <Names names={[audienceText(s.audience)]} />,
      },
      {
        id: 'materials',
        header: 'agenda:sessions.columns.materials',
        exportField: 'materials',
        width: 200,
        defaultVisible: false,
        cell: (s) => <Names names={s.materials.map((m) => m.name)} />,
      },
      {
        id: 'instances',
        header: 'agenda:sessions.columns.instances',
        exportField: 'instances',
        width: 110,
        align: 'right',
        defaultVisible: false,
        cell: (s) => formatCount(s.instances, i18next.language),
      },
    ],
    filters: [
      {
        kind: 'multiselect',
        id: 'status',
        labelKey: 'agenda:sessions.filters.status',
        options: statusOptions,
      },
      {
        kind: 'multiselect',
        id: 'collectionId',
        labelKey: 'agenda:sessions.filters.collection',
        options: sessionFilterOptions(eventId, 'collections'),
      },
      { kind: 'date-range', id: 'startAt', labelKey: 'agenda:sessions.filters.startAt' },
      {
        kind: 'multiselect',
        id: 'type',
        labelKey: 'agenda:sessions.filters.type',
        options: typeOptions,
        more: true,
      },
      {
        kind: 'multiselect',
        id: 'locationId',
        labelKey: 'agenda:sessions.filters.location',
        options: sessionFilterOptions(eventId, 'locations'),
        more: true,
      },
      {
        kind: 'multiselect',
        id: 'breakoutId',
        labelKey: 'agenda:sessions.filters.breakout',
        options: sessionFilterOptions(eventId, 'breakouts'),
        more: true,
      },
      { kind: 'boolean', id: 'enrollable', labelKey: 'agenda:sessions.filters.enrollable', more: true },
    ],
  });
}
