import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../shared/list';
import type { OverviewAnswer } from './api';
import { dashboardLinks } from './links';

/** One figure: the number is the link to the list behind it; the note may link to a narrower list. */
function Figure({ label, value, to, note }: { label: string; value: number; to: string; note?: ReactNode }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Card component="li">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Anchor
        component={Link}
        to={to}
        fz={32}
        fw={700}
        lh={1.3}
        c="var(--mantine-color-text)"
        aria-label={t('figures.open', { what: `${label}: ${formatCount(value, i18n.language)}` })}
      >
        {formatCount(value, i18n.language)}
      </Anchor>
      {note && (
        <Text size="sm" c="dimmed" mt={4}>
          {note}
        </Text>
      )}
    </Card>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** The dashboard's key figures, each a link to its list. */
export function Figures({ data }: { data: OverviewAnswer }) {
  const { t } = useTranslation('dashboard');
  const { participants, checkIns, sessions, magicLinks, today } = data;
  const sessionsToday = dashboardLinks.sessionsOn(today);
  return (
    <SimpleGrid
      component="ul"
      aria-label={t('figures.label')}
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="lg"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      <Figure
        label={t('figures.participants')}
        value={participants.total}
        to={dashboardLinks.participants}
        note={
          <Anchor component={Link} to={dashboardLinks.newToday} size="sm">
            {t('figures.newToday', { count: participants.newToday })}
          </Anchor>
        }
      />
      <Figure
        label={t('figures.signedIn')}
        value={participants.signedIn}
        to={dashboardLinks.signedIn}
        note={t('figures.signedInShare', { percent: percent(participants.signedIn, participants.total) })}
      />
      <Figure label={t('figures.checkInsToday')} value={checkIns.today} to={sessionsToday} />
      <Figure
        label={t('figures.sessionsToday')}
        value={sessions.todayCount}
        to={sessionsToday}
        note={
          <Anchor component={Link} to={dashboardLinks.sessions} size="sm">
            {t('figures.sessionsTotal', { count: sessions.total })}
          </Anchor>
        }
      />
      <Figure
        label={t('figures.magicLinksSent')}
        value={magicLinks.sent}
        to={dashboardLinks.magicLinksSent}
        note={
          <Anchor component={Link} to={dashboardLinks.magicLinksUsed} size="sm">
            {t('figures.magicLinksUsed', { count: magicLinks.used })}
          </Anchor>
        }
      />
    </SimpleGrid>
  );
}
