import { rooms } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRealtimeEvent, useRealtimeResync } from '../../shared/realtime';
import { AutoScroll } from './AutoScroll';
import { screenPaths, useInstanceContext, useStaffQueue } from './api';
import { ScreenFrame, ScreenMessage, useSpeed } from './ScreenFrame';
import {
  approvedOnly,
  boardLayout,
  speakerQueue,
  speedTiming,
  type ModeratorQuestion,
  type QaQuestion,
} from './screen';
import classes from './screens.module.css';

/**
 * The Q&A of an instance kept live for a staff screen: the first read is the moderators' queue;
 * then `qa.board` (approved questions, engagement room) and `qa.queue` (moderator room) replace it,
 * and a reconnect reads it again. Public screens take `approvedOnly` of it.
 */
function useLiveQueue(instanceId: string, toolId: string) {
  const context = useInstanceContext(instanceId);
  const eventId = context.data?.eventId;
  const queue = useStaffQueue(eventId, toolId, instanceId);
  const client = useQueryClient();
  const [board, setBoard] = useState<QaQuestion[] | null>(null);
  useRealtimeEvent(eventId ? rooms.moderatorQueue(instanceId) : null, 'qa.queue', (p) => {
    if (p.instanceId !== instanceId || !eventId) return;
    // JSON on the wire: timestamps are strings, as in the API's answers.
    const questions = p.questions as unknown as ModeratorQuestion[];
    client.setQueryData([screenPaths.queue(eventId, toolId, instanceId)], {
      records: questions,
      total: questions.length,
    });
    setBoard(null);
  });
  useRealtimeEvent(eventId ? rooms.engagement(instanceId) : null, 'qa.board', (p) => {
    if (p.instanceId === instanceId) setBoard(p.questions as unknown as QaQuestion[]);
  });
  useRealtimeResync(() => {
    setBoard(null);
    void queue.refetch();
  });
  return { context, queue, board };
}

function Author({ q }: { q: QaQuestion }) {
  const { t } = useTranslation('engagementScreens');
  return (
    <span className={classes.meta}>
      {q.author ?? t('qa.anonymous')} · {t('qa.upvotes', { count: q.upvotes })}
    </span>
  );
}

function Replies({ q }: { q: QaQuestion }) {
  const { t } = useTranslation('engagementScreens');
  return q.replies.map((r) => (
    <p key={r.id} className={classes.reply}>
      <strong>{t('qa.reply', { author: r.author })}:</strong> {r.text}
    </p>
  ));
}

function Highlighted({ q, label }: { q: QaQuestion; label: string }) {
  return (
    <section className={classes.highlight} aria-label={label}>
      <div className={classes.highlightLabel}>{label}</div>
      <p className={classes.highlightText}>{q.text}</p>
      <Author q={q} />
      <Replies q={q} />
    </section>
  );
}

function QuestionList({ questions, label }: { questions: readonly QaQuestion[]; label: string }) {
  const { t } = useTranslation('engagementScreens');
  return (
    <ul className={classes.list} aria-label={label}>
      {questions.map((q) => (
        <li key={q.id} className={classes.item}>
          <div className={classes.votes} aria-hidden>
            {q.upvotes}
            <small>{t('qa.upvotes', { count: q.upvotes }).replace(/^\d+\s*/, '')}</small>
          </div>
          <div>
            <p className={classes.itemText}>{q.text}</p>
            <span className={classes.meta}>
              {q.author ?? t('qa.anonymous')}
              <span className={classes.visuallyHidden}> · {t('qa.upvotes', { count: q.upvotes })}</span>
            </span>
            <Replies q={q} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** `/qa/:toolId/:instanceId`: the approved questions, the highlighted one big, the rest most voted first. */
export function QaScreen() {
  const { toolId = '', instanceId = '' } = useParams();
  const { t } = useTranslation('engagementScreens');
  const [speed, setSpeed] = useSpeed();
  const { context, queue, board } = useLiveQueue(instanceId, toolId);
  const title = context.data?.toolName ?? t('qa.title');
  const frame = (body: React.ReactNode) => (
    <ScreenFrame
      title={title}
      subtitle={context.data ? `${context.data.sessionName} · ${t('qa.askAt')}` : undefined}
      speed={{ value: speed, onChange: setSpeed }}
    >
      {body}
    </ScreenFrame>
  );
  if (context.isError || queue.isError) return frame(<ScreenMessage>{t('notFound')}</ScreenMessage>);
  if (!queue.data) return frame(<ScreenMessage>{t('loading')}</ScreenMessage>);
  const questions = board ?? approvedOnly(queue.data.records);
  const { highlighted, others } = boardLayout(questions);
  if (!highlighted && others.length === 0) return frame(<ScreenMessage>{t('qa.empty')}</ScreenMessage>);
  return frame(
    <>
      {highlighted && <Highlighted q={highlighted} label={t('qa.highlighted')} />}
      <AutoScroll pxPerSecond={speedTiming(speed).scrollPxPerSecond}>
        <QuestionList questions={others} label={t('qa.list')} />
      </AutoScroll>
    </>,
  );
}

/** `/qa/:toolId/:instanceId/speaker`: large type, the highlighted question and the moderators' queue; no controls. */
export function SpeakerView() {
  const { toolId = '', instanceId = '' } = useParams();
  const { t } = useTranslation('engagementScreens');
  const { context, queue } = useLiveQueue(instanceId, toolId);
  const title = context.data ? `${t('speaker.title')}: ${context.data.toolName}` : t('speaker.title');
  const frame = (body: React.ReactNode) => (
    <ScreenFrame title={title} subtitle={context.data?.sessionName}>
      {body}
    </ScreenFrame>
  );
  if (context.isError || queue.isError) return frame(<ScreenMessage>{t('notFound')}</ScreenMessage>);
  if (!queue.data) return frame(<ScreenMessage>{t('loading')}</ScreenMessage>);
  const list: ModeratorQuestion[] = speakerQueue(queue.data.records);
  const current = list.find((q) => q.highlighted) ?? null;
  const next = list.filter((q) => q !== current);
  if (!current && next.length === 0) return frame(<ScreenMessage>{t('speaker.empty')}</ScreenMessage>);
  return frame(
    <>
      {current && <Highlighted q={current} label={t('speaker.current')} />}
      {next.length > 0 && (
        <>
          <h2 className={classes.subtitle} style={{ fontSize: '1.1em', fontWeight: 700 }}>
            {t('speaker.next')}
          </h2>
          <div
            className={classes.scroller}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('speaker.next')}
          >
            <QuestionList questions={next} label={t('speaker.next')} />
          </div>
        </>
      )}
    </>,
  );
}
