import { Text } from '@mantine/core';
import type { PlayerGameSummary } from '@plenary/domain';
import { useTranslation } from 'react-i18next';

/** "120 points · #4 of 57 players" (or "Not ranked yet"), and the window when not running. */
export function StandingLine({ game }: { game: PlayerGameSummary }) {
  const { t, i18n } = useTranslation('game');
  const rank = game.rank === null ? t('notRanked') : t('rank', { rank: game.rank, players: game.players });
  return (
    <>
      <Text size="sm" data-testid="game-standing">
        {t('points', { score: game.score })} · {rank}
      </Text>
      {game.window === 'UPCOMING' && game.startsAt && (
        <Text size="sm" c="dimmed">
          {t('upcoming', {
            when: new Date(game.startsAt).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Text>
      )}
      {game.window === 'ENDED' && (
        <Text size="sm" c="dimmed">
          {t('ended')}
        </Text>
      )}
    </>
  );
}
