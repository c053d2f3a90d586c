import { Button, EmptyState, Group, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../shared/ui/toast';
import { CalendarIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { AgendaShell } from './AgendaShell';
import { daysOf, filterSessions, NO_CRITERIA } from './agendaFilter';
import { downloadMyAgendaCalendar, useAgendaView } from './api';
import { agendaPath } from './paths';
import { SessionList, SessionListSkeleton } from './SessionList';
import { dayLabel } from './times';

/** `/event/:eventId/my-agenda`: the sessions the participant holds a seat or waitlist place in, by day. */
export function MyAgendaPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const view = useAgendaView(eventId);
  const [downloading, setDownloading] = useState(false);
  const mine = useMemo(
    () => filterSessions(view.data?.sessions ?? [], { ...NO_CRITERIA, mine: true }),
    [view.data?.sessions],
  );
  const zone = view.data?.timezone ?? 'UTC';

  const download = () => {
    setDownloading(true);
    downloadMyAgendaCalendar(eventId)
      .catch(() => toast.error(t('session.calendarFailed')))
      .finally(() => setDownloading(false));
  };

  let body;
  if (view.isPending) body = <SessionListSkeleton />;
  else if (view.isError) body = <LoadError onRetry={() => void view.refetch()} />;
  else if (mine.length === 0)
    body = (
      <EmptyState icon={<CalendarIcon size={28} />} title={t('myAgenda.empty')} py="xl">
        <EmptyState.Actions>
          <Button component={Link} to={agendaPath(eventId)}>
            {t('myAgenda.browse')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  else
    body = (
      <Stack gap="lg">
        <Group>
          <Button
            variant="default"
            leftSection={<CalendarIcon size={16} />}
            loading={downloading}
            onClick={download}
          >
            {t('myAgenda.addToCalendar')}
          </Button>
        </Group>
        {daysOf(mine).map((day) => (
          <Stack key={day} gap="xs" component="section" aria-labelledby={`day-${day}`}>
            <Title order={2} size="h4" id={`day-${day}`}>
              {dayLabel(day)}
            </Title>
            <SessionList eventId={eventId} sessions={mine.filter((s) => s.day === day)} zone={zone} />
          </Stack>
        ))}
      </Stack>
    );

  return (
    <AgendaShell eventId={eventId} section="my-agenda" title={t('myAgenda.title')}>
      {body}
    </AgendaShell>
  );
}
