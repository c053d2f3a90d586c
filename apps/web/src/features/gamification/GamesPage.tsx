import { Button } from '@mantine/core';
import { copied } from '@plenary/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { toast } from '../../shared/ui/toast';
import { gameCopyPath, gamesPath, NEW_GAME_ROUTE, type GameRow } from './api';
import { gamesResource } from './gamesResource';

/** Copies a game (`POST …/copy`: '<name> (copy)' with its tasks and badges) and says 'Copied: <name>'. */
function CopyButton({ eventId, game }: { eventId: string; game: GameRow }) {
  const { t } = useTranslation('gamification');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      loading={busy}
      aria-label={t('games.copy', { name: game.name })}
      onClick={() => {
        setBusy(true);
        apiFetch<GameRow>(gameCopyPath(eventId, game.id), { method: 'POST' })
          .then(async () => {
            toast.success(copied(game.name));
            await client.invalidateQueries({
              predicate: (q) =>
                q.queryKey.some((p) => typeof p === 'string' && p.startsWith(gamesPath(eventId))),
            });
          })
          .catch((error: unknown) =>
            toast.error(isApiError(error) && error.message ? error.message : t('games.copyFailed')),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('games.copyShort')}
    </Button>
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
            <CopyButton eventId={eventId} game={game} />
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
