import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { CopyButton } from '../../shared/ui/CopyButton';
import { gameCopyPath, gamesPath, NEW_GAME_ROUTE, type GameRow } from './api';
import { gamesResource } from './gamesResource';

/** Copies a game (`POST …/copy`: '<name> (copy)' with its tasks and badges) and says 'Copied: <name>'. */
function CopyGameButton({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const client = useQueryClient();
  return (
    <CopyButton
      label={t('games.copy', { name: game.name })}
      name={game.name}
      path={gameCopyPath(eventId, game.id)}
      failedText={t('games.copyFailed')}
      onCopied={() =>
        client.invalidateQueries({
          predicate: (q) => q.queryKey.some((p) => typeof p === 'string' && p.startsWith(gamesPath(eventId))),
        })
      }
    />
  );
}

function GamesOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('gamification');
  const deleting = useDeleteDialog<GameRow>();
  const resource = useMemo(() => gamesResource(eventId), [eventId]);
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('games.title')}
        actions={
          <Button component={Link} to={NEW_GAME_ROUTE}>
            {t('games.new')}
          </Button>
        }
        rowActions={(game) => (
          <RowActions>
            <CopyGameButton eventId={eventId} game={game} />
            <DeleteButton
              label={t('games.delete.button', { name: game.name })}
              onClick={() => deleting.open(game)}
            />
          </RowActions>
        )}
        empty={{ title: t('games.empty'), description: t('games.emptyText') }}
      />
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('games.delete.title')}
          message={t('games.delete.text', { name: deleting.record.name })}
          confirmLabel={t('games.delete.confirm')}
          successMessage={t('games.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}

/** `/engagement/gamification`: the selected event's games. */
export function GamesPage() {
  return <EventRequired>{(eventId) => <GamesOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
