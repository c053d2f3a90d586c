import type { BulkSkipReason } from '@plenary/domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2 skipped: 1 had the labels already, 1 no longer in the event." — or '' when none was skipped. */
export function skippedSummary(skipped: ReadonlyArray<{ reason: BulkSkipReason }>, t: Translate): string {
  if (skipped.length === 0) return '';
  const counts = new Map<BulkSkipReason, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const reasons = [...counts].map(([reason, count]) => t(`bulkAction.reason.${reason}`, { count }));
  return t('bulkAction.skipped', { count: skipped.length, reasons: reasons.join(', ') });
}
