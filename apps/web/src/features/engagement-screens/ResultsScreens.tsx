import { rooms, type EngagementQuestion, type QuestionResult, type QuizLeaderboard } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRealtimeEvent, useRealtimeEventIn, useRealtimeResync } from '../../shared/realtime';
import {
  screenPaths,
  useInstanceContext,
  useInstanceResults,
  useLeaderboard,
  useQuizState,
  useTool,
  useToolInstances,
  useToolResults,
  type QuizState,
} from './api';
import { QuestionResults } from './ResultCharts';
import { ScreenFrame, ScreenMessage, useSpeed } from './ScreenFrame';
import { speedTiming } from './screen';
import classes from './screens.module.css';

/** One question at a time, with Previous / Next (buttons, and the arrow keys for a clicker). */
function QuestionPager({
  questions,
  results,
  transitionMs,
}: {
  questions: readonly EngagementQuestion[];
  results: readonly QuestionResult[];
  transitionMs: number;
}) {
  const { t } = useTranslation('engagementScreens');
  const [index, setIndex] = useState(0);
  const count = questions.length;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLSelectElement) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') setIndex((i) => Math.min(count - 1, i + 1));
      if (e.key === 'ArrowLeft' || e.key === 'PageUp') setIndex((i) => Math.max(0, i - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);
  if (count === 0) return <ScreenMessage>{t('results.noQuestions')}</ScreenMessage>;
  const at = Math.min(index, count - 1);
  const question = questions[at]!;
  return (
    <>
      <QuestionResults
        question={question}
        result={results.find((r) => r.questionId === question.id)}
        transitionMs={transitionMs}
      />
      {count > 1 && (
        <div className={classes.footer} style={{ marginTop: 'auto' }}>
          <button
            type="button"
            className={classes.navButton}
            disabled={at === 0}
            onClick={() => setIndex(at - 1)}
          >
            ← {t('results.previous')}
          </button>
          <span aria-live="polite">{t('results.question', { n: at + 1, total: count })}</span>
          <button
            type="button"
            className={classes.navButton}
            disabled={at === count - 1}
            onClick={() => setIndex(at + 1)}
          >
            {t('results.next')} →
          </button>
        </div>
      )}
    </>
  );
}

function Leaderboard({ board, final }: { board: QuizLeaderboard | undefined; final: boolean }) {
  const { t } = useTranslation('engagementScreens');
  const entries = board?.entries.slice(0, 10) ?? [];
  return (
    <>
      <h2 className={classes.question} style={{ textAlign: 'center' }}>
        {t(final ? 'quiz.finished' : 'quiz.leaderboard')}
      </h2>
      {entries.length === 0 ? (
        <ScreenMessage>{t('quiz.noEntries')}</ScreenMessage>
      ) : (
        <ol className={classes.board}>
          {entries.map((e) => (
            <li key={e.participantId} className={classes.boardRow}>
              <span className={classes.rank}>{e.rank}</span>
              <span>{e.name}</span>
              <span>{t('quiz.points', { count: e.points })}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Seconds left by the server's clock (its `serverNow` against ours when the state arrived). */
function Countdown({ state }: { state: QuizState }) {
  const { t } = useTranslation('engagementScreens');
  const [now, setNow] = useState(() => Date.now());
  const [offset] = useState(() => Date.parse(state.serverNow) - Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  if (!state.deadline) return null;
  const left = Math.max(0, Math.ceil((Date.parse(state.deadline) - (now + offset)) / 1000));
  return (
    <div className={classes.countdown} aria-hidden={left > 0 && left % 5 !== 0}>
      {left > 0 ? t('quiz.timeLeft', { seconds: left }) : t('quiz.timeUp')}
    </div>
  );
}

function QuizView({
  eventId,
  instanceId,
  questions,
  results,
  transitionMs,
  refreshResults,
}: {
  eventId: string;
  instanceId: string;
  questions: readonly EngagementQuestion[];
  results: readonly QuestionResult[];
  transitionMs: number;
  /** A quiz answer moves the leaderboard (`quiz.leaderboard`); the question's tallies are read again with it. */
  refreshResults: () => void;
}) {
  const { t } = useTranslation('engagementScreens');
  const client = useQueryClient();
  const state = useQuizState(eventId, instanceId, true);
  const board = useLeaderboard(eventId, instanceId, true);
  useRealtimeEvent(rooms.engagement(instanceId), 'quiz.state', (p) => {
    if (p.instanceId !== instanceId) return;
    client.setQueryData([screenPaths.quiz(eventId, instanceId)], p);
    void board.refetch();
  });
  useRealtimeEvent(rooms.engagement(instanceId), 'quiz.leaderboard', (p) => {
    if (p.instanceId !== instanceId) return;
    client.setQueryData([screenPaths.leaderboard(eventId, instanceId)], p);
    refreshResults();
  });
  useRealtimeResync(() => {
    void state.refetch();
    void board.refetch();
  });
  const s = state.data;
  if (!s) return <ScreenMessage>{t(state.isError ? 'notFound' : 'loading')}</ScreenMessage>;
  if (s.phase === 'LOBBY') return <ScreenMessage>{t('quiz.lobby')}</ScreenMessage>;
  if (s.phase === 'FINISHED') return <Leaderboard board={board.data} final />;
  const question = questions.find((q) => q.id === s.questionId);
  if (s.phase === 'LEADERBOARD')
    return (
      <>
        {question && (
          <div style={{ flex: '0 0 auto' }}>
            <QuestionResults
              question={question}
              result={results.find((r) => r.questionId === question.id)}
              transitionMs={transitionMs}
              showCorrect
            />
          </div>
        )}
        <Leaderboard board={board.data} final={false} />
      </>
    );
  return (
    <>
      <p className={classes.subtitle}>
        {t('results.question', { n: (s.questionIndex ?? 0) + 1, total: s.questionCount })}
      </p>
      <Countdown key={`${s.questionId}:${s.deadline}`} state={s} />
      {question && (
        <QuestionResults
          question={question}
          result={results.find((r) => r.questionId === question.id)}
          transitionMs={transitionMs}
        />
      )}
    </>
  );
}

/** `/view-result/:eventId/:toolId/:instanceId`: the instance's results, live; a quiz's question, countdown and leaderboard. */
export function ResultsScreen() {
  const { eventId = '', toolId = '', instanceId = '' } = useParams();
  const { t } = useTranslation('engagementScreens');
  const [speed, setSpeed] = useSpeed();
  const client = useQueryClient();
  const context = useInstanceContext(instanceId);
  const results = useInstanceResults(eventId, toolId, instanceId);
  useRealtimeEvent(rooms.moderatorQueue(instanceId), 'engagement.results', (p) => {
    if (p.instanceId === instanceId)
      client.setQueryData([screenPaths.results(eventId, toolId, instanceId)], p);
  });
  useRealtimeResync(() => void results.refetch());
  const ctx = context.data;
  const { transitionMs } = speedTiming(speed);
  const frame = (body: ReactNode) => (
    <ScreenFrame
      title={ctx?.toolName ?? t('results.title')}
      subtitle={
        ctx
          ? `${ctx.sessionName} · ${t('results.respondents', { count: results.data?.respondents ?? 0 })}`
          : undefined
      }
      speed={{ value: speed, onChange: setSpeed }}
    >
      {body}
    </ScreenFrame>
  );
  if (context.isError || results.isError || (ctx && (ctx.eventId !== eventId || ctx.toolId !== toolId)))
    return frame(<ScreenMessage>{t('notFound')}</ScreenMessage>);
  if (!ctx || !results.data) return frame(<ScreenMessage>{t('loading')}</ScreenMessage>);
  if (ctx.toolType === 'QUIZ')
    return frame(
      <QuizView
        eventId={eventId}
        instanceId={instanceId}
        questions={ctx.questions}
        results={results.data.questions}
        transitionMs={transitionMs}
        refreshResults={() => void results.refetch()}
      />,
    );
  return frame(
    <QuestionPager questions={ctx.questions} results={results.data.questions} transitionMs={transitionMs} />,
  );
}

/** `/view-aggregated-result/:eventId/:toolId`: a tool's results over all its instances, live from each instance's tallies. */
export function AggregatedResultsScreen() {
  const { eventId = '', toolId = '' } = useParams();
  const { t } = useTranslation('engagementScreens');
  const [speed, setSpeed] = useSpeed();
  const tool = useTool(eventId, toolId);
  const results = useToolResults(eventId, toolId);
  const instances = useToolInstances(eventId, toolId);
  // Any instance's new tallies move the aggregate: read it again (a read under way is not restarted).
  useRealtimeEventIn(
    (instances.data?.records ?? []).map((i) => rooms.moderatorQueue(i.id)),
    'engagement.results',
    () => void results.refetch({ cancelRefetch: false }),
  );
  useRealtimeResync(() => {
    void instances.refetch();
    void results.refetch();
  });
  const frame = (body: ReactNode) => (
    <ScreenFrame
      title={tool.data?.name ?? t('results.title')}
      subtitle={
        results.data
          ? `${t('results.aggregated')} · ${t('results.instances', { count: results.data.instanceCount })} · ${t('results.respondents', { count: results.data.respondents })}`
          : t('results.aggregated')
      }
      speed={{ value: speed, onChange: setSpeed }}
    >
      {body}
    </ScreenFrame>
  );
  if (tool.isError || (results.isError && !results.data))
    return frame(<ScreenMessage>{t('notFound')}</ScreenMessage>);
  if (!tool.data || !results.data) return frame(<ScreenMessage>{t('loading')}</ScreenMessage>);
  return frame(
    <QuestionPager
      questions={tool.data.questions}
      results={results.data.questions}
      transitionMs={speedTiming(speed).transitionMs}
    />,
  );
}
