import { EmptyState, Stack, Tabs, Text } from '@mantine/core';
import { MESSAGES } from '@plenary/domain';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useSearchParamsUpdate } from '../../shared/navigation/useSearchParamsUpdate';
import { CalendarIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { AgendaFilters } from './AgendaFilters';
import { AgendaShell } from './AgendaShell';
import { criteriaFromParams, daysOf, filterSessions, hasFilters, type AgendaCriteria } from './agendaFilter';
import { useAgendaFilters, useAgendaView } from './api';
import { SessionList, SessionListSkeleton } from './SessionList';
import { dayLabel, initialDay, viewerZone, zoneLabel } from './times';

/**
 * `/event/:eventId/agenda`: the sessions by day in the event's time zone (day tabs), with search
 * and filters kept in the URL. All of it runs over one cached answer, so it works offline too.
 */
export function AgendaPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const [params] = useSearchParams();
  const updateParams = useSearchParamsUpdate();
  const view = useAgendaView(eventId);
  const filters = useAgendaFilters(eventId);
  const criteria = criteriaFromParams(params);
  // Deferred: a whole agenda arriving renders as a transition, in slices the browser can interrupt
  // (a phone stays responsive: Lighthouse Total Blocking Time); the skeleton shows until then.
  const agenda = useDeferredValue(view.data);

  const zone = agenda?.timezone ?? filters.data?.timezone ?? 'UTC';
  const sessions = agenda?.sessions;
  const days = useMemo(
    () => [...new Set([...(filters.data?.days ?? []), ...daysOf(sessions ?? [])])].sort(),
    [filters.data?.days, sessions],
  );
  const day = initialDay(days, criteria.day ?? null, new Date(), zone);
  const shown = useMemo(
    () => filterSessions(sessions ?? [], { ...criteria, day }),
    [sessions, criteria, day],
  );

  const update = (change: Partial<AgendaCriteria>) =>
    updateParams(
      (next) => {
        const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
        if (change.day !== undefined) set('day', change.day);
        if (change.search !== undefined) set('search', change.search);
        if (change.collectionIds) set('collection', change.collectionIds.join(','));
        if (change.locationIds) set('location', change.locationIds.join(','));
        if (change.types) set('type', change.types.join(','));
      },
      { replace: true },
    );

  let body;
  if (view.isError) body = <LoadError onRetry={() => void view.refetch()} />;
  else if (agenda === undefined) body = <SessionListSkeleton />;
  else if (agenda.sessions.length === 0)
    body = <EmptyState icon={<CalendarIcon size={28} />} title={t('agenda.empty')} py="xl" />;
  else {
    const list =
      shown.length > 0 ? (
        <SessionList eventId={eventId} sessions={shown} zone={zone} headingLevel={2} />
      ) : (
        <Text c="dimmed" py="lg" ta="center">
          {hasFilters(criteria) ? MESSAGES.noRecords : t('agenda.emptyDay')}
        </Text>
      );
    body = (
      <Tabs value={day ?? null} onChange={(d) => d && update({ day: d })} keepMounted={false}>
        <Tabs.List aria-label={t('agenda.days')} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {days.map((d) => (
            <Tabs.Tab key={d} value={d} fw={600}>
              {dayLabel(d)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {days.map((d) => (
          <Tabs.Panel key={d} value={d} pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('agenda.count', { count: shown.length })}
              </Text>
              {list}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  const differs = zoneLabel(zone, new Date()) !== zoneLabel(viewerZone(), new Date());
  return (
    <AgendaShell eventId={eventId} title={t('agenda.title')}>
      <Text size="sm" c="dimmed">
        {t('agenda.eventTime', { zone })} {differs && t('agenda.localTimeNote')}
      </Text>
      <AgendaFilters
        criteria={criteria}
        options={filters.data}
        onChange={update}
        onClear={() => update({ search: '', collectionIds: [], locationIds: [], types: [] })}
      />
      {body}
    </AgendaShell>
  );
}
