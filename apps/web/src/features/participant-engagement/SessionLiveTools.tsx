import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { engagementKeys, useLiveTools, type LiveTool } from './api';
import { DocumentCard } from './DocumentCard';
import { PollCard } from './PollCard';
import { QaCard } from './QaCard';
import { QuizCard } from './QuizCard';
import { SurveyCard } from './SurveyCard';

function ToolBody({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  switch (tool.type) {
    case 'POLL':
      return <PollCard eventId={eventId} tool={tool} />;
    case 'SURVEY':
      return <SurveyCard eventId={eventId} tool={tool} />;
    case 'QUIZ':
      return <QuizCard eventId={eventId} tool={tool} />;
    case 'QA':
      return <QaCard eventId={eventId} tool={tool} />;
    default:
      return <DocumentCard tool={tool} />;
  }
}

/**
 * The session's live tools on its page: they appear when an instance opens and go when it closes,
 * without a reload (`engagement.instance` on the session's room, and a refetch after a reconnect).
 * Nothing is shown while nothing is live.
 */
export function SessionLiveTools({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation('participantEngagement');
  const client = useQueryClient();
  const live = useLiveTools(eventId, sessionId);
  useRealtimeEvent(sessionId ? rooms.session(sessionId) : null, 'engagement.instance', (p) => {
    if (p.sessionId === sessionId)
      void client.invalidateQueries({ queryKey: engagementKeys.live(eventId, sessionId) });
  });
  useRealtimeResync(() => {
    if (eventId) void client.invalidateQueries({ queryKey: engagementKeys.all(eventId) });
  });
  const tools = live.data?.records ?? [];
  // Polite announcement of what is live, so a tool opening is heard as well as seen.
  const announce = (
    <VisuallyHidden role="status">
      {tools.length > 0 ? t('section.announce', { names: tools.map((x) => x.name).join(', ') }) : ''}
    </VisuallyHidden>
  );
  return (
    <>
      {announce}
      {tools.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="live-tools-title">
          <Title order={2} size="h4" id="live-tools-title">
            {t('section.title')}
          </Title>
          {tools.map((tool) => (
            <Card
              key={tool.instanceId}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-label={tool.name}
              data-testid="live-tool"
            >
              <Stack gap="sm">
                <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Title order={3} size="h5">
                    {tool.name}
                  </Title>
                  <Badge variant="filled" color="blue.9">
                    {t(`kinds.${tool.type}`)}
                  </Badge>
                </Group>
                {tool.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {tool.description}
                  </Text>
                )}
                <ToolBody eventId={eventId} tool={tool} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
