import { Button, EmptyState, Group, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../shared/ui/toast';
import { CalendarIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { MyAgendaMeetings } from '../participant-meetings';
import { AgendaShell } from './AgendaShell';
import { daysOf } from './agendaFilter';
import { downloadMyAgendaCalendar, useAgendaView, type SessionView } from './api';
import classes from './agenda.module.css';
import { myAgendaSessions, type MyAgendaMarks } from './bookmarks';
import { agendaPath } from './paths';
import { SessionList, SessionListSkeleton } from './SessionList';
import { dayLabel } from './times';
import { useBookmarks } from './useBookmarks';

/**
 * A bookmarked session's label. A seat or waitlist place is already said by the card's seat status
 * ("You are enrolled", "On the waitlist — number 2").
 */
function Marks({ marks }: { marks: MyAgendaMarks }) {
  const { t } = useTranslation('participantApp');
  if (!marks.bookmarked) return null;
  return <p className={classes.mark}>{t('myAgenda.bookmarked')}</p>;
}

/**
 * `/event/:eventId/my-agenda`: the sessions the participant holds a seat or waitlist place in, and
 * those they bookmarked, by day, each marked with why it is there.
 */
export function MyAgendaPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantAgenda');
  const view = useAgendaView(eventId);
  const [downloading, setDownloading] = useState(false);
  const bookmarks = useBookmarks(eventId).ids;
  const rows = useMemo(
    () => myAgendaSessions(view.data?.sessions ?? [], bookmarks),
    [view.data?.sessions, bookmarks],
  );
  const mine = useMemo(() => rows.map((r) => r.session), [rows]);
  const marks = useMemo(() => new Map(rows.map((r) => [r.session.id, r.marks])), [rows]);
  const marksOf = (s: SessionView) => {
    const m = marks.get(s.id);
    return m ? <Marks marks={m} /> : null;
  };
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
      <EmptyState icon={<CalendarIcon size={28} />} title={t('participantApp:myAgenda.empty')} py="xl">
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
            <SessionList
              eventId={eventId}
              sessions={mine.filter((s) => s.day === day)}
              zone={zone}
              marksOf={marksOf}
            />
          </Stack>
        ))}
      </Stack>
    );

  return (
    <AgendaShell eventId={eventId} title={t('myAgenda.title')}>
      <Stack gap="lg">
        <MyAgendaMeetings eventId={eventId} />
        {body}
      </Stack>
    </AgendaShell>
  );
}
