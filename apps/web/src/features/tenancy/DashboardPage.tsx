import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { countKey, formatCount, type ListAnswer } from '../../shared/list';
import { usePageTitle } from '../../shared/ui/usePageTitle';

const COUNTS = [
  { path: 'organizations', to: '/organizations', labelKey: 'nav.organizations' },
  { path: 'event-hubs', to: '/event-hubs', labelKey: 'nav.eventHubs' },
  { path: 'events', to: '/events', labelKey: 'nav.events' },
  { path: 'admin-users', to: '/admin-users', labelKey: 'nav.adminUsers' },
] as const;

/** One count: a list asked for a single record, whose answer carries the total. */
function CountCard({ path, to, label }: { path: string; to: string; label: string }) {
  const { t, i18n } = useTranslation('tenancy');
  const count = useQuery({
    queryKey: countKey(path),
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<unknown>>(path, { query: { page: 1, limit: 1 }, signal }).then((a) => a.total),
    meta: { silent: true },
  });
  return (
    <Card component={Link} to={to} withBorder padding="lg" radius="md" style={{ textDecoration: 'none' }}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {count.isPending ? (
          <Skeleton height={40} width={80} aria-hidden="true" />
        ) : (
          <Text fz={36} fw={700} lh={1.1} c="var(--mantine-color-text)">
            {count.data === undefined ? t('dashboard.unavailable') : formatCount(count.data, i18n.language)}
          </Text>
        )}
        <Text size="sm" c="var(--mantine-primary-color-filled)">
          {t('dashboard.openList', { list: label.toLowerCase() })} →
        </Text>
      </Stack>
    </Card>
  );
}

/** /super-admin: how much there is, one click from each list. */
export function DashboardPage() {
  const { t } = useTranslation('tenancy');
  usePageTitle(t('dashboard.title'));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('dashboard.title')}
        </Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {COUNTS.map((c) => (
          <li key={c.path}>
            <CountCard path={c.path} to={c.to} label={t(c.labelKey)} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
