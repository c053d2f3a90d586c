import {
  formatScore,
  rooms,
  type GameBoardEntry,
  type LeaderboardSnapshot,
  type TeamStanding,
} from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { AutoScroll, ScreenFrame, ScreenMessage } from '../engagement-screens';
import { leaderboardPaths, useBoard } from './api';
import { boardColumns, initialsOf, isNewer } from './board';
import classes from './leaderboard.module.css';
import { useRankMotion } from './useRankMotion';

const SCROLL_PX_PER_SECOND = 24;

function Avatar({ entry }: { entry: GameBoardEntry }) {
  const [broken, setBroken] = useState(false);
  if (entry.photoUrl && !broken)
    // The name is written next to it: the photo adds nothing for a screen reader.
    return <img className={classes.avatar} src={entry.photoUrl} alt="" onError={() => setBroken(true)} />;
  return (
    <span className={classes.avatar} aria-hidden="true">
      {initialsOf(entry.name)}
    </span>
  );
}

function PlayerRows({ entries, columns }: { entries: readonly GameBoardEntry[]; columns: number }) {
  const { t, i18n } = useTranslation('leaderboard');
  const list = useRef<HTMLOListElement>(null);
  const rows = useMemo(
    () => entries.map((e) => ({ key: e.participantId, rank: e.rank, score: e.score })),
    [entries],
  );
  useRankMotion(list, rows);
  const perColumn = Math.ceil(entries.length / columns);
  const style: CSSProperties = {
    gridTemplateRows: `repeat(${perColumn}, auto)`,
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
  };
  return (
    <ol
      ref={list}
      className={`${classes.rows} ${columns > 1 || entries.length > 8 ? classes.dense : ''}`}
      style={style}
    >
      {entries.map((e) => (
        <li
          key={e.participantId}
          data-flip-key={e.participantId}
          className={`${classes.row} ${e.rank === 1 ? classes.first : ''}`}
        >
          <span className={classes.rank}>
            <span className={classes.hidden}>{t('screen.rank')} </span>
            {e.rank}
          </span>
          <Avatar entry={e} />
          <span className={classes.who}>
            <span className={classes.name}>{e.name}</span>
            {e.teamName && <span className={classes.team}>{e.teamName}</span>}
          </span>
          <span className={classes.score}>
            {t('screen.points', { score: formatScore(e.score, i18n.language) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function TeamRows({ teams }: { teams: readonly TeamStanding[] }) {
  const { t, i18n } = useTranslation('leaderboard');
  const list = useRef<HTMLOListElement>(null);
  const rows = useMemo(() => teams.map((x) => ({ key: x.teamId, rank: x.rank, score: x.score })), [teams]);
  useRankMotion(list, rows);
  return (
    <ol ref={list} className={classes.rows} style={{ gridAutoFlow: 'row' }}>
      {teams.map((team) => (
        <li
          key={team.teamId}
          data-flip-key={team.teamId}
          className={`${classes.row} ${classes.teamRow} ${team.rank === 1 && team.score > 0 ? classes.first : ''}`}
        >
          <span className={classes.rank}>
            <span className={classes.hidden}>{t('screen.rank')} </span>
            {team.rank}
          </span>
          <span className={classes.who}>
            <span className={classes.name}>{team.name}</span>
            <span className={classes.members}>{t('screen.members', { count: team.members })}</span>
          </span>
          <span className={classes.score}>
            {t('screen.points', { score: formatScore(team.score, i18n.language) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Board({ board }: { board: LeaderboardSnapshot }) {
  const { t } = useTranslation('leaderboard');
  const teams = board.mode === 'TEAM' && board.teams.length > 0;
  if (board.entries.length === 0) return <ScreenMessage>{t('screen.empty')}</ScreenMessage>;
  const columns = boardColumns(board.entries.length, teams);
  const players = (
    <section className={classes.panel} aria-labelledby="board-players">
      <h2 id="board-players" className={classes.panelTitle}>
        {t('screen.players')}
      </h2>
      <AutoScroll pxPerSecond={SCROLL_PX_PER_SECOND}>
        <PlayerRows entries={board.entries} columns={columns} />
      </AutoScroll>
    </section>
  );
  if (!teams)
    return <div className={`${classes.layout} ${columns === 1 ? classes.solo : ''}`}>{players}</div>;
  return (
    <div className={`${classes.layout} ${classes.withTeams}`}>
      {players}
      <section className={classes.panel} aria-labelledby="board-teams">
        <h2 id="board-teams" className={classes.panelTitle}>
          {t('screen.teams')}
        </h2>
        <AutoScroll pxPerSecond={SCROLL_PX_PER_SECOND}>
          <TeamRows teams={board.teams} />
        </AutoScroll>
      </section>
    </div>
  );
}

/**
 * `/:eventId/leader-board/:gamificationId`: the game's public board for a projector, live from the
 * `leaderboard:<gameId>` room; read again after a reconnect.
 */
export function LeaderboardScreen() {
  const { eventId = '', gamificationId: gameId = '' } = useParams();
  const { t } = useTranslation('leaderboard');
  const client = useQueryClient();
  const board = useBoard(eventId, gameId);
  const key = [leaderboardPaths.board(eventId, gameId)];
  useRealtimeEvent(gameId ? rooms.leaderboard(gameId) : null, 'leaderboard.changed', (snapshot) => {
    if (isNewer(client.getQueryData<LeaderboardSnapshot>(key), snapshot, gameId))
      client.setQueryData(key, snapshot);
  });
  useRealtimeResync(() => void board.refetch());
  const data = board.data;
  const subtitle =
    data && data.entries.length > 0
      ? t('screen.subtitle', { shown: data.entries.length, count: data.players })
      : t('screen.title');
  return (
    <ScreenFrame title={data?.name ?? t('screen.title')} subtitle={subtitle}>
      {board.isError && !data ? (
        <ScreenMessage>{t('screen.notAvailable')}</ScreenMessage>
      ) : !data ? (
        <ScreenMessage>{t('screen.loading')}</ScreenMessage>
      ) : (
        <Board board={data} />
      )}
    </ScreenFrame>
  );
}
