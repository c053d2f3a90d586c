import {
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import {
  labelsPath,
  teamsPath,
  useAllOf,
  useRefreshGames,
  type GameRow,
  type NamedRef,
  type TeamRow,
} from './api';
import { FromLabelsDialog, MembersDialog, TeamDialog } from './TeamDialogs';

type Editing = { kind: 'add' } | { kind: 'rename'; team: TeamRow } | { kind: 'members'; team: TeamRow };

/**
 * The game page's Teams tab (TEAM games): the teams in order with their label or member count; add,
 * rename, delete; LABELS games also create teams from labels, MANUAL games pick each team's members.
 */
export function TeamsTab({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const path = teamsPath(eventId, game.id);
  const byLabels = game.teamSource === 'LABELS';
  const teams = useAllOf<TeamRow>(path, { limit: 1000, sort: 'position:asc' });
  const labels = useAllOf<NamedRef>(labelsPath(eventId), { limit: 1000, sort: 'name:asc' }, byLabels);
  const refresh = useRefreshGames(eventId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [fromLabels, setFromLabels] = useState(false);
  const deleting = useDeleteDialog<TeamRow>();
  const rows = useMemo(() => teams.data?.records ?? [], [teams.data]);
  const usedLabelIds = useMemo(() => new Set(rows.flatMap((r) => (r.label ? [r.label.id] : []))), [rows]);
  const labelRecords = labels.data?.records ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {t('teams.title')}
        </Title>
        <Group gap="sm">
          {byLabels && (
            <Button variant="default" onClick={() => setFromLabels(true)} disabled={!labels.data}>
              {t('teams.fromLabels')}
            </Button>
          )}
          <Button onClick={() => setEditing({ kind: 'add' })} disabled={byLabels && !labels.data}>
            {t('teams.add')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t(byLabels ? 'teams.introLabels' : 'teams.introManual')}
      </Text>
      {teams.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common:states.loading')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : teams.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('form.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Stack gap={4} align="center" py="xl" data-testid="teams-empty">
          <Text fw={600}>{t('teams.empty')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t(byLabels ? 'teams.emptyLabels' : 'teams.emptyManual')}
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={byLabels ? 520 : 560}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('teams.columns.name')}</Table.Th>
                {byLabels && <Table.Th>{t('teams.columns.label')}</Table.Th>}
                <Table.Th ta="right">{t('teams.columns.members')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('tasks.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((team) => (
                <Table.Tr key={team.id} data-testid="team-row">
                  <Table.Td>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {team.name}
                    </Text>
                  </Table.Td>
                  {byLabels && (
                    <Table.Td>
                      {team.label ? (
                        <Badge
                          variant="light"
                          color="gray"
                          style={{ textTransform: 'none' }}
                          leftSection={
                            <span
                              aria-hidden
                              style={{
                                display: 'inline-block',
                                width: 8,
                                height: 8,
                                borderRadius: '50%',
                                background: team.label.color || 'currentColor',
                              }}
                            />
                          }
                        >
                          {team.label.name}
                        </Badge>
                      ) : (
                        <Text c="dimmed">—</Text>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ta="right">{team.memberCount}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      {!byLabels && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={t('teams.editMembersOf', { name: team.name })}
                          onClick={() => setEditing({ kind: 'members', team })}
                        >
                          {t('teams.editMembers')}
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={t('teams.renameTeam', { name: team.name })}
                        onClick={() => setEditing({ kind: 'rename', team })}
                      >
                        {t('teams.rename')}
                      </Button>
                      <DeleteButton
                        label={t('teams.delete.button', { name: team.name })}
                        onClick={() => deleting.open(team)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing?.kind === 'members' ? (
        <MembersDialog
          eventId={eventId}
          gameId={game.id}
          team={editing.team}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : (
        editing && (
          <TeamDialog
            eventId={eventId}
            game={game}
            team={editing.kind === 'rename' ? editing.team : null}
            labels={labelRecords}
            usedLabelIds={usedLabelIds}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        )
      )}
      {fromLabels && (
        <FromLabelsDialog
          eventId={eventId}
          gameId={game.id}
          labels={labelRecords}
          usedLabelIds={usedLabelIds}
          onClose={() => setFromLabels(false)}
          onSaved={refresh}
        />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={path}
          id={deleting.record.id}
          title={t('teams.delete.title')}
          message={t('teams.delete.text', { name: deleting.record.name })}
          confirmLabel={t('games.delete.confirm')}
          successMessage={t('games.delete.deleted', { name: deleting.record.name })}
          onClose={() => {
            deleting.close();
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
