import { useTranslation } from 'react-i18next';
import type { SessionView } from './api';
import { localTimeRange, timeRange, viewerZone } from './times';

/** '09:00 – 10:30' in the event's zone, and the viewer's own time under it when their clock differs. */
export function SessionTime({
  session,
  zone,
  size = 'sm',
}: {
  session: Pick<SessionView, 'startAt' | 'endAt'>;
  zone: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('participantAgenda');
  const local = localTimeRange(session.startAt, session.endAt, zone, viewerZone());
  return (
    <div>
      <time
        dateTime={session.startAt}
        style={{ display: 'block', fontWeight: 600, fontSize: `var(--mantine-font-size-${size})` }}
      >
        {timeRange(session.startAt, session.endAt, zone)}
      </time>
      {local && (
        <div style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>
          {t('session.yourTime', { time: local })}
        </div>
      )}
    </div>
  );
}
