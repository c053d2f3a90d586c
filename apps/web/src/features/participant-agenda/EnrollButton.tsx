import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionView } from './api';
import { enrollControl } from './seats';
import { useEnroll, usePendingChange } from './useEnroll';

type Props = { eventId: string; session: SessionView; size?: 'xs' | 'sm' | 'md' };

/** The seat state in words: seats left, few left, full (waitlist or not), or the participant's place. */
export function SeatStatus({ session, withPending = true }: { session: SessionView; withPending?: boolean }) {
  const { t } = useTranslation('participantAgenda');
  const pending = usePendingChange(session.id);
  const control = enrollControl(session, Date.now());
  let badge;
  switch (control.kind) {
    case 'enrolled':
      badge = (
        <Badge color="teal" variant="light">
          {t('seats.enrolled')}
        </Badge>
      );
      break;
    case 'waitlisted':
      badge = (
        <Badge color="violet" variant="light">
          {control.position
            ? t('seats.waitlistPosition', { position: control.position })
            : t('seats.waitlisted')}
        </Badge>
      );
      break;
    case 'enroll':
      badge =
        control.seatsLeft === null ? (
          <span style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dimmed)' }}>
            {t('seats.unlimited')}
          </span>
        ) : (
          <Badge color={control.few ? 'orange' : 'gray'} variant="light">
            {t(control.few ? 'seats.fewLeft' : 'seats.left', { count: control.seatsLeft })}
          </Badge>
        );
      break;
    case 'waitlist':
      badge = (
        <Badge color="red" variant="light">
          {t('seats.fullWaitlist')}
        </Badge>
      );
      break;
    case 'full':
      badge = (
        <Badge color="red" variant="light">
          {t('seats.full')}
        </Badge>
      );
      break;
    case 'ended':
      badge = (
        // gray.7: the default gray outline (#868e96) is 3.3:1 on white, under AA's 4.5:1.
        <Badge color="gray.7" variant="outline">
          {t('seats.ended')}
        </Badge>
      );
      break;
    default:
      badge = null;
  }
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {badge}
      {withPending && pending && (
        <Badge color="yellow" variant="light">
          {t('offline.pendingBadge')}
        </Badge>
      )}
    </div>
  );
}

/** Enroll / leave / join or leave the waitlist; nothing for sessions without enrollment. */
export function EnrollButton({ eventId, session, size = 'sm' }: Props) {
  const { t } = useTranslation('participantAgenda');
  const enroll = useEnroll(eventId, session);
  const control = enrollControl(session, Date.now());
  const busy = enroll.isPending;
  const name = session.name;
  switch (control.kind) {
    case 'enrolled':
      return (
        <Button
          size={size}
          variant="default"
          loading={busy}
          onClick={() => enroll.mutate('leave')}
          aria-label={`${t('enroll.leave')}: ${name}`}
        >
          {t('enroll.leave')}
        </Button>
      );
    case 'waitlisted':
      return (
        <Button
          size={size}
          variant="default"
          loading={busy}
          onClick={() => enroll.mutate('leave')}
          aria-label={`${t('enroll.leaveWaitlist')}: ${name}`}
        >
          {t('enroll.leaveWaitlist')}
        </Button>
      );
    case 'enroll':
      return (
        <Button
          size={size}
          loading={busy}
          onClick={() => enroll.mutate('enroll')}
          aria-label={`${t('enroll.enroll')}: ${name}`}
        >
          {t('enroll.enroll')}
        </Button>
      );
    case 'waitlist':
      return (
        <Button
          size={size}
          color="violet"
          loading={busy}
          onClick={() => enroll.mutate('enroll')}
          aria-label={`${t('enroll.joinWaitlist')}: ${name}`}
        >
          {t('enroll.joinWaitlist')}
        </Button>
      );
    case 'full':
      return (
        <Button size={size} disabled>
          {t('enroll.full')}
        </Button>
      );
    default:
      return null;
  }
}
