import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  isChoice,
  MESSAGES,
  rooms,
  type moderationDecisionListSchema,
  type QuestionResult,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiDownload } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiQuery } from '../../shared/api/query';
import { DateTime, formatCount } from '../../shared/list';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { toast } from '../../shared/ui/toast';
import {
  decisionsPath,
  instanceResultsPath,
  reportPath,
  textAnswersPath,
  toolResultsPath,
  useInstances,
  type InstanceResults,
  type ReportKind,
  type TextAnswerList,
  type ToolResults,
  type ToolRow,
} from './api';

type Question = ToolRow['questions'][number];
type DecisionList = z.input<typeof moderationDecisionListSchema>;

const AGGREGATED = 'all';

/** The report of a tool's kind (documents have none). */
export function reportOf(type: ToolRow['type']): ReportKind | null {
  return (
    ({ POLL: 'poll-results', QA: 'qa', QUIZ: 'quiz-results', SURVEY: 'survey-results' } as const)[
      type as 'POLL' | 'QA' | 'QUIZ' | 'SURVEY'
    ] ?? null
  );
}

/** '1 (Not at all)', '3', '5 (Very)': a scale's value with its end label. */
function scaleLabel(value: number, q: Question): string {
  const end = value === 1 ? q.scaleMinLabel : value === q.scaleMax ? q.scaleMaxLabel : '';
  return end ? `${value} (${end})` : String(value);
}

const share = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/** Bars as a table: label, count, share (the bar is decoration; the numbers are the content). */
function Bars({
  rows,
  total,
  labelHeader,
}: {
  rows: { label: string; count: number }[];
  total: number;
  labelHeader: string;
}) {
  const { t, i18n } = useTranslation('engagement');
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labelHeader}</Table.Th>
            <Table.Th style={{ textAlign: 'right', width: 80 }}>{t('results.votes')}</Table.Th>
            <Table.Th style={{ width: '40%' }}>{t('results.share')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={`${r.label}-${i}`}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCount(r.count, i18n.language)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={share(r.count, total)} style={{ flex: 1 }} aria-hidden="true" />
                  <Text size="sm" w={44} ta="right">
                    {share(r.count, total)}%
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TextAnswers({ path, questionId }: { path: string; questionId: string }) {
  const { t } = useTranslation('engagement');
  const answers = useApiQuery<TextAnswerList>(path, { questionId, limit: 100 });
  if (answers.isPending) return <Skeleton h={60} />;
  if (answers.isError)
    return (
      <Text size="sm" c="red.8">
        {t('common.loadFailed')}
      </Text>
    );
  return (
    <Stack
      gap={4}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('results.textAnswers')}
    >
      {answers.data.records.map((a, i) => (
        <li key={i}>
          <Text size="sm">{a.text}</Text>
          <Text size="xs" c="dimmed">
            {a.author ?? t('results.anonymous')}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function QuestionResultCard({
  n,
  question,
  result,
  wordCloud,
  textPath,
}: {
  n: number;
  question: Question;
  result: QuestionResult | undefined;
  wordCloud: boolean;
  textPath: string | null;
}) {
  const { t } = useTranslation('engagement');
  const responses = result?.responses ?? 0;
  let body;
  if (!result || responses === 0) {
    body = <Text c="dimmed">{MESSAGES.noResponse}</Text>;
  } else if (isChoice(question.type)) {
    const counts = new Map(result.options.map((o) => [o.optionId, o.count]));
    body = (
      <Bars
        labelHeader={t('results.option')}
        total={responses}
        rows={question.options.map((o) => ({ label: o.label, count: counts.get(o.id) ?? 0 }))}
      />
    );
  } else if (question.type === 'LINEAR_SCALE') {
    const counts = new Map(result.scale.map((s) => [s.value, s.count]));
    body = (
      <Bars
        labelHeader={t('results.value')}
        total={responses}
        rows={Array.from({ length: question.scaleMax ?? 0 }, (_, k) => ({
          label: scaleLabel(k + 1, question),
          count: counts.get(k + 1) ?? 0,
        }))}
      />
    );
  } else if (wordCloud || result.words.length > 0) {
    body = (
      <Bars
        labelHeader={t('results.word')}
        total={responses}
        rows={result.words.slice(0, 30).map((w) => ({ label: w.text, count: w.count }))}
      />
    );
  } else {
    body = textPath ? (
      <TextAnswers path={textPath} questionId={question.id} />
    ) : (
      <Text size="sm" c="dimmed">
        {t('results.pickInstance')}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="question-result">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {`${n}. ${question.text}`}
          </Title>
          <Text size="sm" c="dimmed">
            {t('results.responses', { count: responses })}
          </Text>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

function Decisions({ path, zone }: { path: string; zone: string }) {
  const { t } = useTranslation('engagement');
  const decisions = useApiQuery<DecisionList>(path, { limit: 200 });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('results.decisions')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('results.decisionsIntro')}
      </Text>
      {decisions.isPending ? (
        <Skeleton h={60} />
      ) : decisions.isError ? (
        <Text size="sm" c="red.8">
          {t('common.loadFailed')}
        </Text>
      ) : decisions.data.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('results.noDecisions')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('results.decisions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.decisionAt')}</Table.Th>
                <Table.Th>{t('results.decisionAction')}</Table.Th>
                <Table.Th>{t('results.decisionBy')}</Table.Th>
                <Table.Th>{t('results.decisionChange')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {decisions.data.records.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <DateTime value={d.at} timeZone={zone} />
                  </Table.Td>
                  <Table.Td>{t(`results.actions.${d.action}`)}</Table.Td>
                  <Table.Td>{d.by}</Table.Td>
                  <Table.Td>
                    {d.before && d.after ? `${d.before} → ${d.after}` : (d.after ?? d.before ?? '')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Exports({ eventId, tool }: { eventId: string; tool: ToolRow }) {
  const { t } = useTranslation('engagement');
  const report = reportOf(tool.type);
  const [busy, setBusy] = useState<string | null>(null);
  if (!report) return null;
  const name = t(`results.report.${report}`);
  const download = (format: 'csv' | 'xlsx') => {
    setBusy(format);
    apiDownload(reportPath(eventId, tool.id, report), { format }, `${tool.name} - ${name}.${format}`)
      .catch((error: unknown) =>
        toast.error(isApiError(error) && error.message ? error.message : t('results.downloadFailed')),
      )
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" fw={500}>
        {t('results.exports')}:
      </Text>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          loading={busy === format}
          onClick={() => download(format)}
        >
          {t('results.download', { report: name, format: format.toUpperCase() })}
        </Button>
      ))}
    </Group>
  );
}

/**
 * A tool's results: all instances together or one of them, per question a table with bars
 * (options, scale values, merged words), the written answers of one instance, 'No response' where a
 * question has none; the kind's export (CSV, XLSX); for a Q&A instance, the moderation decisions.
 * One instance's results follow `engagement.results` live.
 */
export function ResultsPanel({ eventId, tool, zone }: { eventId: string; tool: ToolRow; zone: string }) {
  const { t } = useTranslation('engagement');
  const instances = useInstances(eventId, tool.id);
  const [scope, setScope] = useState<string>(AGGREGATED);
  const client = useQueryClient();
  const instance =
    scope === AGGREGATED ? null : (instances.data?.records.find((i) => i.id === scope) ?? null);
  const path = instance
    ? instanceResultsPath(eventId, tool.id, instance.id)
    : toolResultsPath(eventId, tool.id);
  // Results move while instances run: always asked again when shown (a cached tally would be old).
  const results = useApiQuery<ToolResults | InstanceResults>(path, undefined, {
    enabled: tool.type !== 'DOCUMENT',
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useRealtimeEvent(instance ? rooms.moderatorQueue(instance.id) : null, 'engagement.results', (payload) => {
    if (payload.instanceId !== instance?.id) return;
    client.setQueryData([path], payload);
    // The aggregate moved too: asked again when it is shown next.
    void client.invalidateQueries({ queryKey: [toolResultsPath(eventId, tool.id)] });
  });
  useRealtimeResync(() => {
    if (tool.type !== 'DOCUMENT') void results.refetch();
  });
  const statusLabel = (s: string) => t(`statuses.${s}`);

  const list = instances.data?.records ?? [];
  const byId = new Map((results.data?.questions ?? []).map((q) => [q.questionId, q as QuestionResult]));
  const questions = [...tool.questions].sort((a, b) => a.position - b.position);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} fz="lg">
          {t('results.title')}
        </Title>
        <Exports eventId={eventId} tool={tool} />
      </Group>
      {list.length === 0 && !instances.isPending ? (
        <Text c="dimmed">{t('results.noInstances')}</Text>
      ) : (
        <Select
          label={t('results.scope')}
          data={[
            { value: AGGREGATED, label: t('results.aggregated') },
            ...list.map((i) => ({
              value: i.id,
              label: t('results.instance', { session: i.session.name, status: statusLabel(i.status) }),
            })),
          ]}
          value={scope}
          onChange={(v) => v && setScope(v)}
          allowDeselect={false}
          w={{ base: '100%', sm: 420 }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {tool.type !== 'DOCUMENT' && tool.type !== 'QA' && (
        <>
          {results.isPending ? (
            <Skeleton h={160} />
          ) : results.isError ? (
            <Alert color="red" variant="light">
              {t('common.loadFailed')}
            </Alert>
          ) : (
            <Stack gap="sm">
              <Text size="sm" aria-live="polite">
                {t('results.respondents', { count: results.data.respondents })}
              </Text>
              {questions.map((q, i) => (
                <QuestionResultCard
                  key={q.id}
                  n={i + 1}
                  question={q}
                  result={byId.get(q.id)}
                  wordCloud={tool.settings.wordCloud ?? false}
                  textPath={instance ? textAnswersPath(eventId, tool.id, instance.id) : null}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      {tool.type === 'QA' && instance && (
        <Decisions path={decisionsPath(eventId, tool.id, instance.id)} zone={zone} />
      )}
      {tool.type === 'QA' && !instance && list.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('results.pickQaInstance')}
        </Text>
      )}
    </Stack>
  );
}
