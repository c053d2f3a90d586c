import { Badge, Group, Text } from '@mantine/core';
import { ENGAGEMENT_KINDS, ENGAGEMENT_TYPE_LABELS } from '@plenary/domain';
import i18next from 'i18next';
import { DateTime, defineResource, formatCount, type ResourceDef } from '../../shared/list';
import { toolRoute, toolsPath, type ToolRow } from './api';

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

function Instances({ tool }: { tool: ToolRow }) {
  const t = i18next.getFixedT(null, 'engagement');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="span">
        {formatCount(tool.instanceCount, i18next.language)}
      </Text>
      {tool.openCount > 0 && (
        <Badge variant="light" color="teal" size="sm" style={{ textTransform: 'none' }}>
          {t('tools.openCount', { count: tool.openCount })}
        </Badge>
      )}
    </Group>
  );
}

const typeOptions = ENGAGEMENT_KINDS.map((v) => ({ value: v, label: ENGAGEMENT_TYPE_LABELS[v] }));

/**
 * The Engagement tools of one event (console `/engagement`): name (a link to the tool), kind,
 * sessions, questions, instances with the open ones, anonymity and dates. View settings per event.
 */
export function toolsResource(eventId: string): ResourceDef<ToolRow> {
  const t = i18next.getFixedT(null, 'engagement');
  return defineResource<ToolRow>({
    key: `engagement-tools-${eventId}`,
    path: toolsPath(eventId),
    exportable: false,
    searchPlaceholderKey: 'engagement:tools.search',
    rowLink: (tool) => toolRoute(tool.id),
    rowLabel: (tool) => tool.name,
    filters: [
      { kind: 'multiselect', id: 'type', labelKey: 'engagement:tools.filterType', options: typeOptions },
    ],
    columns: [
      {
        id: 'name',
        header: 'engagement:tools.columns.name',
        sortField: 'name',
        width: 240,
        cell: (tool) => tool.name,
      },
      {
        id: 'type',
        header: 'engagement:tools.columns.type',
        sortField: 'type',
        width: 120,
        cell: (tool) => ENGAGEMENT_TYPE_LABELS[tool.type],
      },
      {
        id: 'sessions',
        header: 'engagement:tools.columns.sessions',
        width: 220,
        cell: (tool) => <Names names={tool.sessions.map((s) => s.name)} />,
      },
      {
        id: 'questions',
        header: 'engagement:tools.columns.questions',
        width: 110,
        align: 'right',
        cell: (tool) => formatCount(tool.questionCount, i18next.language),
      },
      {
        id: 'instances',
        header: 'engagement:tools.columns.instances',
        width: 150,
        cell: (tool) => <Instances tool={tool} />,
      },
      {
        id: 'anonymity',
        header: 'engagement:tools.columns.anonymity',
        width: 160,
        defaultVisible: false,
        cell: (tool) => t(`anonymity.${tool.anonymity}`),
      },
      {
        id: 'createdAt',
        header: 'engagement:tools.columns.createdAt',
        sortField: 'createdAt',
        width: 190,
        defaultVisible: false,
        cell: (tool) => <DateTime value={tool.createdAt} />,
      },
      {
        id: 'updatedAt',
        header: 'engagement:tools.columns.updatedAt',
        sortField: 'updatedAt',
        width: 190,
        cell: (tool) => <DateTime value={tool.updatedAt} />,
      },
    ],
  });
}
