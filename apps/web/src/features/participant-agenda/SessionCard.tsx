import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPinIcon } from '../../shared/ui/icons';
import type { SessionView } from './api';
import classes from './agenda.module.css';
import { BookmarkButton } from './BookmarkButton';
import { EnrollButton, SeatStatus } from './EnrollButton';
import { sessionPath } from './paths';
import { SessionTime } from './SessionTime';

/** One session in the agenda: time, name (the link to its detail), place, speakers, tracks, seats and the enroll control. */
export function SessionCard({
  eventId,
  session,
  zone,
  headingLevel = 3,
  bookmarked,
  marks,
}: {
  eventId: string;
  session: SessionView;
  zone: string;
  headingLevel?: 2 | 3;
  bookmarked: boolean;
  /** Why the session is in My Agenda (enrolled, waitlisted, bookmarked). */
  marks?: ReactNode;
}) {
  const { t } = useTranslation('participantAgenda');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const speakers = session.speakers.map((s) => `${s.firstName} ${s.lastName}`.trim()).join(', ');
  return (
    <article className={classes.card} aria-labelledby={`session-${session.id}`}>
      <div className={classes.row}>
        <SessionTime session={session} zone={zone} />
        <span className={classes.rowEnd}>
          {session.type !== 'SESSION' && <span className={classes.type}>{t(`types.${session.type}`)}</span>}
          <BookmarkButton eventId={eventId} session={session} bookmarked={bookmarked} size="md" />
        </span>
      </div>
      {marks}
      <Heading id={`session-${session.id}`} className={classes.title}>
        <Link to={sessionPath(eventId, session.id)}>{session.name}</Link>
      </Heading>
      {(session.location || speakers) && (
        <p className={classes.meta}>
          {session.location && (
            <span className={classes.place}>
              <MapPinIcon size={14} />
              {session.location.name}
            </span>
          )}
          {speakers && <span>{speakers}</span>}
        </p>
      )}
      {session.collections.length > 0 && (
        <ul className={classes.tags} aria-label={t('filters.collection')}>
          {session.collections.map((c) => (
            <li key={c.id} className={classes.tag}>
              <span className={classes.dot} style={{ background: c.color }} />
              {c.name}
            </li>
          ))}
        </ul>
      )}
      <div className={classes.rowCentered}>
        <SeatStatus session={session} />
        <EnrollButton eventId={eventId} session={session} size="xs" />
      </div>
    </article>
  );
}
