import { Alert, Anchor, Badge, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { ENGAGEMENT_TYPE_LABELS } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConsoleEvent } from '../events';
import { validZone } from '../../shared/time/zones';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { TOOLS_ROUTE, toolRoute, useTool } from './api';
import { InstancesPanel } from './InstancesPanel';
import { ResultsPanel } from './ResultsPanel';
import { ToolEditor } from './ToolEditor';

const TABS = ['details', 'instances', 'results'] as const;
type Tab = (typeof TABS)[number];

function Back() {
  const { t } = useTranslation('engagement');
  return (
    <Anchor component={Link} to={TOOLS_ROUTE} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {t('page.back')}
      </Group>
    </Anchor>
  );
}

function NewTool({ eventId }: { eventId: string }) {
  const { t } = useTranslation('engagement');
  const navigate = useNavigate();
  usePageTitle(t('page.newTitle'));
  return (
    <Stack gap="md">
      <Back />
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('page.newTitle')}
      </Title>
      <ToolEditor
        eventId={eventId}
        record={null}
        onSaved={(tool) => void navigate(toolRoute(tool.id, 'instances'), { replace: true })}
      />
    </Stack>
  );
}

function ExistingTool({ eventId, toolId }: { eventId: string; toolId: string }) {
  const { t } = useTranslation('engagement');
  const tool = useTool(eventId, toolId);
  const event = useConsoleEvent(eventId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'details';
  usePageTitle(tool.data?.name, Boolean(tool.data));

  if (tool.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('common:states.loading')}>
        <Back />
        <Skeleton h={36} w={320} />
        <Skeleton h={320} />
      </Stack>
    );
  if (tool.isError)
    return (
      <Stack gap="md">
        <Back />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('tools.title')}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {tool.error.status === 404 ? t('page.notFound') : t('common.loadFailed')}
        </Alert>
      </Stack>
    );

  const record = tool.data;
  const zone = validZone(event.data?.timezone);
  return (
    <Stack gap="md">
      <Back />
      <Group gap="sm" wrap="wrap" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {record.name}
        </Title>
        <Badge variant="light" style={{ textTransform: 'none' }}>
          {ENGAGEMENT_TYPE_LABELS[record.type]}
        </Badge>
      </Group>
      {record.description && (
        <Text size="sm" c="dimmed">
          {record.description}
        </Text>
      )}
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={record.name} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((v) => (
            <Tabs.Tab key={v} value={v} fw={600}>
              {t(`page.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          {/* Keyed on the stored record: a save (or a copy elsewhere) shows what the server kept. */}
          <ToolEditor key={record.updatedAt} eventId={eventId} record={record} />
        </Tabs.Panel>
        <Tabs.Panel value="instances" pt="md">
          <InstancesPanel eventId={eventId} tool={record} zone={zone} />
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="md">
          <ResultsPanel eventId={eventId} tool={record} zone={zone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** `/engagement/new` and `/engagement/:toolId` (tabs details, instances, results; `?tab=`). */
export function ToolPage() {
  const { toolId } = useParams();
  return (
    <EventRequired>
      {(eventId) =>
        toolId ? (
          <ExistingTool key={`${eventId}-${toolId}`} eventId={eventId} toolId={toolId} />
        ) : (
          <NewTool key={eventId} eventId={eventId} />
        )
      }
    </EventRequired>
  );
}
