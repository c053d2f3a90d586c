import {
  SPEED_OPTIONS,
  type moderatorQuestionSchema,
  type qaQuestionSchema,
  type Speed,
} from '@plenary/domain';
import type { z } from 'zod';

/** Questions as the API and the socket send them (JSON: timestamps are ISO strings). */
export type ModeratorQuestion = z.input<typeof moderatorQuestionSchema>;
export type QaQuestion = z.input<typeof qaQuestionSchema>;

/**
 * What a front-of-room Q&A screen shows of the approved questions: the highlighted one on its own
 * (big), then the others still open, most voted first (ties: asked first). Answered questions are
 * archived and leave the screen.
 */
export function boardLayout(questions: readonly QaQuestion[]): {
  highlighted: QaQuestion | null;
  others: QaQuestion[];
} {
  const open = questions.filter((q) => !q.answered);
  const highlighted = open.find((q) => q.highlighted) ?? null;
  const others = open
    .filter((q) => q !== highlighted)
    .sort((a, b) => b.upvotes - a.upvotes || a.createdAt.localeCompare(b.createdAt));
  return { highlighted, others };
}

/** Approved questions only: what a staff read of the queue may put on a public screen. */
export function approvedOnly(questions: readonly ModeratorQuestion[]): QaQuestion[] {
  return questions
    .filter((q) => q.status === 'APPROVED')
    .map((q) => ({
      id: q.id,
      instanceId: q.instanceId,
      text: q.text,
      author: q.author,
      upvotes: q.upvotes,
      highlighted: q.highlighted,
      answered: q.answered,
      replies: q.replies,
      createdAt: q.createdAt,
    }));
}

/**
 * The speaker's list: approved, not answered, and queued by a moderator (starred) or highlighted;
 * the highlighted one first, then the queue in the order it was asked.
 */
export function speakerQueue(questions: readonly ModeratorQuestion[]): ModeratorQuestion[] {
  return questions
    .filter((q) => q.status === 'APPROVED' && !q.answered && (q.starred || q.highlighted))
    .sort((a, b) => Number(b.highlighted) - Number(a.highlighted) || a.createdAt.localeCompare(b.createdAt));
}

export const DEFAULT_SPEED: Speed = 10;

export function parseSpeed(value: string | null): Speed {
  const n = Number(value);
  return (SPEED_OPTIONS as readonly number[]).includes(n) ? (n as Speed) : DEFAULT_SPEED;
}

/**
 * Speed 1 (slower) … 20 (faster): how long bars take to grow and how fast a long list scrolls.
 * At 10 a bar grows in 0.8 s and the list scrolls 40 px a second.
 */
export function speedTiming(speed: Speed): { transitionMs: number; scrollPxPerSecond: number } {
  return { transitionMs: Math.round(8000 / speed), scrollPxPerSecond: speed * 4 };
}

/** A bar's share of the answers in whole percent (0 when nobody answered). */
export function percent(count: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((count / total) * 100);
}

/** Word-cloud font sizes: the most frequent word at `max` px, the rarest at `min`, square-root scale. */
export function wordSize(count: number, maxCount: number, min = 28, max = 140): number {
  if (maxCount <= 1) return max;
  const t = Math.sqrt(Math.max(0, count - 1) / (maxCount - 1));
  return Math.round(min + t * (max - min));
}
