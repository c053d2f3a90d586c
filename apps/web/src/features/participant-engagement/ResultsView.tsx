import { Badge, Group, Stack, Text } from '@mantine/core';
import { rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvent } from '../../shared/realtime';
import { engagementKeys, fromWire, useResults, type LiveTool, type Results } from './api';
import { resultRows } from './logic';
import classes from './engagement.module.css';

/** The tallies of a poll, live: `engagement.results` on the instance's room replaces them as votes arrive. */
export function ResultsView({ eventId, tool }: { eventId: string; tool: LiveTool }) {
  const { t } = useTranslation('participantEngagement');
  const client = useQueryClient();
  const results = useResults(eventId, tool.instanceId, true);
  useRealtimeEvent(rooms.engagement(tool.instanceId), 'engagement.results', (p) => {
    if (p.instanceId === tool.instanceId)
      client.setQueryData<Results>(engagementKeys.results(eventId, tool.instanceId), fromWire<Results>(p));
  });
  const data = results.data;
  return (
    <Stack gap="sm" aria-label={t('results.title')} role="group">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('results.respondents', { count: data?.respondents ?? 0 })}
      </Text>
      {tool.questions.map((q) => {
        if (tool.settings.wordCloud || q.options.length === 0) {
          const words = data?.questions.find((r) => r.questionId === q.id)?.words ?? [];
          return (
            <Stack key={q.id} gap={4}>
              <Text fw={600}>{q.text}</Text>
              {words.length === 0 ? (
                <Text size="sm">{t('results.noWords')}</Text>
              ) : (
                <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {words.map((w) => (
                    <Badge component="li" key={w.text} variant="light" size="lg" tt="none">
                      {w.text} · {w.count}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          );
        }
        return (
          <Stack key={q.id} gap={6}>
            {tool.questions.length > 1 && <Text fw={600}>{q.text}</Text>}
            <Stack component="ul" gap={8} p={0} m={0} style={{ listStyle: 'none' }}>
              {resultRows(q, data).map((row) => (
                <li key={row.optionId} data-testid="result-row">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {row.label}
                    </Text>
                    <Text size="sm" fw={600} data-testid="result-count">
                      {t('results.votes', { count: row.count })} · {row.percent}%
                    </Text>
                  </Group>
                  <div className={classes.bar} aria-hidden>
                    <div className={classes.barFill} style={{ width: `${row.percent}%` }} />
                  </div>
                </li>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
