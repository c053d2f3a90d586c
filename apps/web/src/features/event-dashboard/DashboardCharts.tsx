import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../shared/time/format';
import type { OverviewAnswer } from './api';

function ChartCard({
  title,
  hint,
  data,
  dataKey,
  label,
}: {
  title: string;
  hint: string;
  data: Array<Record<string, string | number>>;
  dataKey: string;
  label: string;
}) {
  return (
    <Card>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey={dataKey}
        series={[{ name: 'count', label, color: 'blue.7' }]}
        tickLine="y"
        gridAxis="y"
        yAxisProps={{ allowDecimals: false, width: 40 }}
        barProps={{ radius: 3 }}
        aria-label={title}
        role="img"
      />
    </Card>
  );
}

/**
 * The dashboard's trend charts (recharts via @mantine/charts). Loaded with React.lazy from the
 * dashboard only, so the charting code stays out of every other screen's bundle.
 */
export default function DashboardCharts({ data }: { data: OverviewAnswer }) {
  const { t, i18n } = useTranslation('dashboard');
  const registrations = data.registrations.map((r) => ({
    day: formatCalendarDay(r.day, i18n.language),
    count: r.count,
  }));
  const perHour = data.checkIns.perHour.map((h) => ({
    hour: String(h.hour).padStart(2, '0'),
    count: h.count,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ChartCard
        title={t('charts.registrations')}
        hint={t('charts.registrationsHint')}
        data={registrations}
        dataKey="day"
        label={t('charts.count')}
      />
      <ChartCard
        title={t('charts.checkIns')}
        hint={t('charts.checkInsHint')}
        data={perHour}
        dataKey="hour"
        label={t('charts.count')}
      />
    </SimpleGrid>
  );
}
