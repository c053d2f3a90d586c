import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../shared/list';
import { eventClock, formatCalendarDate, formatTimeRange } from '../../shared/time/format';
import type { OverviewAnswer } from './api';
import { dashboardLinks } from './links';

/** Today's sessions in the event's zone: seats taken, waitlist, check-ins; each opens its session. */
export function TodaySessions({ data }: { data: OverviewAnswer }) {
  const { t, i18n } = useTranslation('dashboard');
  const clock = eventClock(data.timezone);
  const n = (v: number) => formatCount(v, i18n.language);
  const { today, todayCount } = data.sessions;
  return (
    <Card>
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
        <Title order={2} size="h3">
          {t('today.title')}
        </Title>
        {todayCount > 0 && (
          <Anchor component={Link} to={dashboardLinks.sessionsOn(data.today)} size="sm">
            {t('today.seeAll')} ({n(todayCount)})
          </Anchor>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('today.date', { day: formatCalendarDate(data.today, clock.locale), zone: data.timezone })}
      </Text>
      {today.length === 0 ? (
        <Text>{t('today.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('today.session')}</Table.Th>
                <Table.Th scope="col">{t('today.time')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('today.seats')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('today.waitlist')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('today.attended')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {today.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={dashboardLinks.session(s.id)} fw={500}>
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatTimeRange(s.startAt, s.endAt, clock)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {s.capacity === null
                      ? t('today.unlimited', { taken: n(s.enrolled) })
                      : t('today.seatsOf', { taken: n(s.enrolled), capacity: n(s.capacity) })}
                  </Table.Td>
                  <Table.Td ta="right">{n(s.waitlisted)}</Table.Td>
                  <Table.Td ta="right">{n(s.attended)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
