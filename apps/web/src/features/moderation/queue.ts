import { tokenClaimsSchema, type moderatorQuestionSchema } from '@plenary/domain';
import { jwtDecode } from 'jwt-decode';
import type { z } from 'zod';

/** A moderator's question as the API sends it (JSON: timestamps are ISO strings). */
export type ModeratorQuestion = z.input<typeof moderatorQuestionSchema>;

/** The moderator queue's tabs: what waits first, then what the room sees, then the archive. */
export const QUEUE_TABS = ['PENDING', 'APPROVED', 'ANSWERED', 'REJECTED'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export function tabOf(q: ModeratorQuestion): QueueTab {
  if (q.status === 'PENDING') return 'PENDING';
  if (q.status === 'REJECTED') return 'REJECTED';
  return q.answered ? 'ANSWERED' : 'APPROVED';
}

const byCreated = (a: ModeratorQuestion, b: ModeratorQuestion) => a.createdAt.localeCompare(b.createdAt);

/**
 * The questions of one tab in the order a moderator works through them: pending ones oldest first
 * (first asked, first decided); approved ones highlighted, then starred, then most voted; the
 * archive and the rejected ones newest first.
 */
export function questionsForTab(questions: readonly ModeratorQuestion[], tab: QueueTab): ModeratorQuestion[] {
  const inTab = questions.filter((q) => tabOf(q) === tab);
  if (tab === 'PENDING') return inTab.sort(byCreated);
  if (tab === 'APPROVED')
    return inTab.sort(
      (a, b) =>
        Number(b.highlighted) - Number(a.highlighted) ||
        Number(b.starred) - Number(a.starred) ||
        b.upvotes - a.upvotes ||
        byCreated(a, b),
    );
  return inTab.sort((a, b) => byCreated(b, a));
}

export function tabCounts(questions: readonly ModeratorQuestion[]): Record<QueueTab, number> {
  const counts: Record<QueueTab, number> = { PENDING: 0, APPROVED: 0, ANSWERED: 0, REJECTED: 0 };
  for (const q of questions) counts[tabOf(q)] += 1;
  return counts;
}

/**
 * A session moderator's token (no admin role anywhere, a moderator role in some event): the
 * console's admin screens turn them away, so they land on `/moderation` instead.
 */
export function isModeratorOnly(token: string | null): boolean {
  if (!token) return false;
  try {
    const claims = tokenClaimsSchema.safeParse(jwtDecode(token));
    if (!claims.success) return false;
    const c = claims.data;
    if (c.userRole === 'superadmin' || c.organizationUserRole || c.eventHubUserRole) return false;
    if (c.eventUserRoles.some((r) => r.role === 'admin')) return false;
    return c.eventUserRoles.some((r) => r.role === 'moderator');
  } catch {
    return false;
  }
}
