import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError';
import { useEventOverview } from './api';
import { Figures } from './Figures';
import { RecentImports } from './RecentImports';
import { SetupChecklist } from './SetupChecklist';
import { TodaySessions } from './TodaySessions';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** The figures, today's sessions, recent imports, trends and setup checklist of one event. */
export function EventDashboard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('dashboard');
  const overview = useEventOverview(eventId);
  const data = overview.data;
  if (overview.isError && !data)
    return <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />;
  if (!data)
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} role="status" aria-label={t('common:states.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={110} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <SetupChecklist checklist={data.checklist} />
      <Figures data={data} />
      {/* Today's table needs the full width for its five columns; the charts sit side by side. */}
      <TodaySessions data={data} />
      <Suspense fallback={<Skeleton h={300} role="status" aria-label={t('charts.loading')} />}>
        <DashboardCharts data={data} />
      </Suspense>
      <RecentImports data={data} />
    </Stack>
  );
}
