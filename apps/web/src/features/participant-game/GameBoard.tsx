import { Table, Text } from '@mantine/core';
import type { GameBoardEntry, PlayerGame } from '@plenary/domain';
import { useTranslation } from 'react-i18next';

/** The public top N with the player's row highlighted, and their own row beneath when outside it. */
export function GameBoard({ game }: { game: PlayerGame }) {
  const { t } = useTranslation('game');
  if (game.board.length === 0 && !game.me) return <Text c="dimmed">{t('board.empty')}</Text>;
  const me = game.me;
  const outside = me !== null && !game.board.some((r) => r.participantId === me.participantId);
  const rows: GameBoardEntry[] = outside ? [...game.board, me] : game.board;
  const mine = (r: GameBoardEntry) => r.participantId === me?.participantId;
  return (
    <Table striped={false} data-testid="game-board">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('board.rank')}</Table.Th>
          <Table.Th>{t('board.name')}</Table.Th>
          <Table.Th ta="right">{t('board.score')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr
            key={r.participantId}
            bg={mine(r) ? 'var(--mantine-color-indigo-0)' : undefined}
            fw={mine(r) ? 700 : undefined}
          >
            <Table.Td>#{r.rank}</Table.Td>
            <Table.Td>
              {r.name}
              {mine(r) ? ` (${t('board.you')})` : ''}
            </Table.Td>
            <Table.Td ta="right">{r.score}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
