import { Stack, Table, Text, Title } from '@mantine/core';
import { formatScore, type TeamStanding } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/list';

/** TEAM games: every team ranked by the game's team aggregate (sum, mean or top-k of its members). */
export function LeaderboardTeams({ teams }: { teams: readonly TeamStanding[] }) {
  const { t, i18n } = useTranslation('leaderboard');
  const scored = teams.some((team) => team.score !== 0);
  return (
    <Stack gap="xs" component="section" aria-labelledby="team-standings">
      <Title order={2} size="h4" id="team-standings">
        {t('tab.teamStandings')}
      </Title>
      {!scored ? (
        <Text c="dimmed">{t('tab.teamsEmpty')}</Text>
      ) : (
        <Table striped withTableBorder maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right" w={80}>
                {t('tab.columns.rank')}
              </Table.Th>
              <Table.Th>{t('tab.columns.team')}</Table.Th>
              <Table.Th ta="right">{t('tab.columns.members')}</Table.Th>
              <Table.Th ta="right">{t('tab.columns.score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <Table.Tr key={team.teamId}>
                <Table.Td ta="right">{formatCount(team.rank, i18n.language)}</Table.Td>
                <Table.Td>{team.name}</Table.Td>
                <Table.Td ta="right">{formatCount(team.members, i18n.language)}</Table.Td>
                <Table.Td ta="right">{formatScore(team.score, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
