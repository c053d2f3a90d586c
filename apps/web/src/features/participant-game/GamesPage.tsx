import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { participantPaths as paths } from '../../shared/navigation/participantPaths';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useGameLive, useMyGames } from './api';
import { StandingLine } from './StandingLine';

/** `/event/:eventId/game`: the event's games; exactly one → straight to it. */
export function GamesPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('game');
  usePageTitle(t('title'));
  const games = useMyGames(eventId);
  useGameLive(eventId);
  const list = games.data?.games ?? [];
  if (list.length === 1) return <Navigate to={paths.game(eventId, list[0]!.id)} replace />;
  return (
    <Stack gap="md" maw={680} mx="auto" w="100%">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('title')}
      </Title>
      {games.isError && <LoadError message={t('loadFailed')} onRetry={() => void games.refetch()} />}
      {games.isPending && (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={90} radius="md" />
          <Skeleton h={90} radius="md" />
        </Stack>
      )}
      {games.isSuccess && list.length === 0 && (
        <Stack gap={4} py="lg" ta="center" role="status">
          <Text fw={700}>{t('empty')}</Text>
          <Text c="dimmed">{t('emptyText')}</Text>
        </Stack>
      )}
      {list.length > 1 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((g) => (
            <li key={g.id}>
              <Card withBorder radius="md" padding="md" component={Link} to={paths.game(eventId, g.id)}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{g.name}</Text>
                  <Text size="sm">{t('badgesCount', { earned: g.badgesEarned, total: g.badgesTotal })}</Text>
                </Group>
                <StandingLine game={g} />
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
