import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  ENGAGEMENT_TYPE_LABELS,
  isAdminRole,
  rooms,
  type InstanceStatus,
  type sessionSchema,
} from '@plenary/domain';
import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiQuery } from '../../shared/api/query';
import { selectEvent } from '../../shared/session/userStore';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { useUserState } from '../../shared/session/hooks';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { eventClock, formatSpan } from '../../shared/time/format';
import { useUserEvents } from '../events';
import {
  moderationPaths,
  useDecisions,
  useQueue,
  useSessionInstances,
  useSetStatus,
  type EngagementInstance,
} from './api';
import { DecisionsLog } from './DecisionsLog';
import { QaQueue } from './QaQueue';
import { QuizControls } from './QuizControls';

const STATUS_COLOR: Record<InstanceStatus, string> = { OPEN: 'green', CLOSED: 'gray', SCHEDULED: 'blue' };

/** Front-of-room screens of an instance, opened in a new tab (for the projector). */
function screenLinks(eventId: string, i: EngagementInstance): { key: string; to: string }[] {
  const tool = encodeURIComponent(i.toolId);
  const id = encodeURIComponent(i.id);
  if (i.toolType === 'QA')
    return [
      { key: 'session.frontOfRoom', to: `/qa/${tool}/${id}` },
      { key: 'session.speakerView', to: `/qa/${tool}/${id}/speaker` },
    ];
  if (i.toolType === 'DOCUMENT') return [];
  return [{ key: 'session.results', to: `/view-result/${encodeURIComponent(eventId)}/${tool}/${id}` }];
}

function InstanceCard({
  eventId,
  sessionId,
  instance: i,
  selected,
  onModerate,
}: {
  eventId: string;
  sessionId: string;
  instance: EngagementInstance;
  selected: boolean;
  onModerate: () => void;
}) {
  const { t } = useTranslation('moderation');
  const setStatus = useSetStatus(eventId, sessionId);
  const next = i.status === 'OPEN' ? 'CLOSED' : 'OPEN';
  const change = () =>
    setStatus.mutate(
      { toolId: i.toolId, instanceId: i.id, status: next },
      {
        onSuccess: () =>
          toast.success(t(next === 'OPEN' ? 'session.opened' : 'session.closed', { name: i.toolName })),
        onError: (e) => toast.error(e.message || t('session.statusFailed')),
      },
    );
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{i.toolName}</Text>
            <Text size="sm" c="dimmed">
              {ENGAGEMENT_TYPE_LABELS[i.toolType]} · {t('session.respondents', { count: i.respondentCount })}
            </Text>
          </Stack>
          <Badge color={STATUS_COLOR[i.status]} variant={i.status === 'OPEN' ? 'filled' : 'light'}>
            {t(`statuses.${i.status}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          {i.toolType !== 'DOCUMENT' && (
            <Button
              size="xs"
              color={next === 'OPEN' ? 'green' : 'red'}
              variant={next === 'OPEN' ? 'filled' : 'light'}
              loading={setStatus.isPending}
              onClick={change}
              aria-label={t(next === 'OPEN' ? 'session.openLabel' : 'session.closeLabel', {
                name: i.toolName,
              })}
            >
              {t(next === 'OPEN' ? 'session.open' : 'session.close')}
            </Button>
          )}
          {i.toolType === 'QA' && (
            <Button
              size="xs"
              variant={selected ? 'filled' : 'default'}
              onClick={onModerate}
              aria-pressed={selected}
              aria-label={t('session.moderateLabel', { name: i.toolName })}
            >
              {t('session.moderate')}
            </Button>
          )}
          {i.toolType === 'QUIZ' && i.status === 'OPEN' && (
            <QuizControls eventId={eventId} toolId={i.toolId} instanceId={i.id} name={i.toolName} />
          )}
          {screenLinks(eventId, i).map((l) => (
            <Anchor key={l.key} href={l.to} target="_blank" rel="noopener" size="sm">
              {t(l.key)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** The decisions log of the chosen Q&A instance, for event admins (openly moderated Q&A). */
function AdminDecisions({
  eventId,
  toolId,
  instanceId,
  tick,
}: {
  eventId: string;
  toolId: string;
  instanceId: string;
  tick: number;
}) {
  const decisions = useDecisions(eventId, toolId, instanceId, true);
  const queue = useQueue(eventId, toolId, instanceId);
  const refetch = decisions.refetch;
  useEffect(() => {
    if (tick > 0) void refetch();
  }, [tick, refetch]);
  if (decisions.isError)
    return <LoadError message={decisions.error.message} onRetry={() => void refetch()} />;
  return <DecisionsLog decisions={decisions.data?.records ?? []} questions={queue.data?.records ?? []} />;
}

function SessionModeration({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation('moderation');
  const { role } = useUserState();
  const instances = useSessionInstances(eventId, sessionId);
  const session = useApiQuery<z.input<typeof sessionSchema>>(
    `events/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}`,
  );
  // Its times on the event's clock: the event's zone and locale decide the format.
  const zone = useUserEvents().data?.records.find((e) => e.id === eventId)?.timezone;
  const admin = role !== null && isAdminRole(role);
  const name = session.data?.name ?? instances.data?.records[0]?.session.name;
  usePageTitle(name ? t('session.title', { name }) : t('session.titleLoading'));
  useRealtimeEvent(rooms.session(sessionId), 'engagement.instance', (p) => {
    if (p.sessionId === sessionId) void instances.refetch();
  });
  useRealtimeResync(() => void instances.refetch());
  const records = instances.data?.records ?? [];
  const qa = records.filter((i) => i.toolType === 'QA');
  const [chosen, setChosen] = useState<string | null>(null);
  const current = qa.find((i) => i.id === chosen) ?? qa.find((i) => i.status === 'OPEN') ?? qa[0] ?? null;
  const [tick, setTick] = useState(0);

  if (instances.isError && !instances.data) {
    const gone = instances.error.status === 404 || instances.error.status === 403;
    return (
      <LoadError
        message={gone ? t('session.notFound') : instances.error.message}
        onRetry={gone ? undefined : () => void instances.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/moderation" size="sm">
        ← {t('session.back')}
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('session.heading')}
      </Title>
      <Card withBorder padding="lg">
        {session.data ? (
          <Stack gap="xs">
            <Group gap="sm">
              <Title order={2} fz={22}>
                {session.data.name}
              </Title>
              {!admin && (
                <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                  {t('session.youModerate')}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {formatSpan(session.data.startAt, session.data.endAt, eventClock(zone))}
              {session.data.location ? ` · ${session.data.location.name}` : ''}
            </Text>
            {session.data.description ? <Text size="sm">{session.data.description}</Text> : null}
          </Stack>
        ) : (
          <Skeleton h={60} />
        )}
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="instances-title">
        <Text component="h2" id="instances-title" fw={700} fz="lg">
          {t('session.instances')}
        </Text>
        {instances.isPending ? (
          <Skeleton h={90} />
        ) : records.length === 0 ? (
          <Text c="dimmed" role="status">
            {t('session.noInstances')}
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: 2, lg: 3 }}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {records.map((i) => (
              <InstanceCard
                key={i.id}
                eventId={eventId}
                sessionId={sessionId}
                instance={i}
                selected={current?.id === i.id}
                onModerate={() => setChosen(i.id)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {current && (
        <Card withBorder padding="lg">
          <QaQueue
            key={current.id}
            eventId={eventId}
            toolId={current.toolId}
            instanceId={current.id}
            name={current.toolName}
            onDecision={() => setTick((n) => n + 1)}
          />
        </Card>
      )}
      {current && admin && (
        <Card withBorder padding="lg">
          <AdminDecisions
            key={current.id}
            eventId={eventId}
            toolId={current.toolId}
            instanceId={current.id}
            tick={tick}
          />
        </Card>
      )}
    </Stack>
  );
}

/**
 * The event of a session addressed by its id alone (`/moderate/:sessionId`, e.g. a bookmark or a
 * link from a screen): the selected event if the session is there, else the first of the user's
 * events that answers for it, which then becomes the selected event. null: none does.
 */
function useSessionEvent(sessionId: string): string | null | undefined {
  const selected = useUserState().userData?.selectedEventId ?? null;
  const events = useUserEvents();
  const [found, setFound] = useState<{ sessionId: string; eventId: string | null } | null>(null);
  const loaded = events.isSuccess || events.isError;
  const others = (events.data?.records ?? []).map((e) => e.id).join(',');
  useEffect(() => {
    let cancelled = false;
    const candidates = [...new Set([selected, ...(loaded ? others.split(',') : [])])].filter(
      (id): id is string => Boolean(id),
    );
    void (async () => {
      for (const eventId of candidates) {
        try {
          await apiFetch(moderationPaths.instances(eventId, sessionId));
        } catch (error) {
          if (isApiError(error) && (error.status === 404 || error.status === 403)) continue;
        }
        if (cancelled) return;
        setFound({ sessionId, eventId });
        if (eventId !== selected) selectEvent(eventId);
        return;
      }
      if (!cancelled && loaded) setFound({ sessionId, eventId: null });
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, selected, loaded, others]);
  return found?.sessionId === sessionId ? found.eventId : undefined;
}

/** `/moderate/:sessionId`: a session's engagement (open / close) and its live Q&A queue. */
export function SessionModerationPage() {
  const { sessionId = '' } = useParams();
  const eventId = useSessionEvent(sessionId);
  const { t } = useTranslation('moderation');
  if (eventId === undefined)
    return (
      <Text role="status" c="dimmed">
        {t('common:states.loading')}
      </Text>
    );
  if (eventId === null) return <LoadError message={t('session.notFound')} />;
  return <SessionModeration key={`${eventId}:${sessionId}`} eventId={eventId} sessionId={sessionId} />;
}
