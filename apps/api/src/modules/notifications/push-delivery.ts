import type { PushMessage } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { PushOptions, PushOutcome } from '../../platform/push.js';
import * as repo from './notifications.repo.js';

/** Retries of one push (429/5xx/network) within this process, with backoff; then given up (the inbox has it). */
export const PUSH_RETRIES = 3;
const BACKOFF_MS = [2_000, 8_000, 30_000];
const MAX_RETRY_AFTER_MS = 120_000;

export interface PushDelivery {
  participantId: string;
  message: PushMessage;
  opts: PushOptions;
}

export interface PushReport {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * Sends each delivery to every device of its participant. 404/410 → the subscription is deleted;
 * 429/5xx/network → tried again after Retry-After or a backoff (at most PUSH_RETRIES times, never
 * past the message's TTL); other answers → given up. Used after the commit that wrote the inbox
 * items, so a push never announces something that was rolled back.
 */
export async function deliverPush(
  deps: Pick<AppDeps, 'db' | 'push'>,
  deliveries: PushDelivery[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms).unref()),
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0 };
  if (deliveries.length === 0) return report;
  const targets = await repo.subscriptionsOfParticipants(deps.db, [
    ...new Set(deliveries.map((d) => d.participantId)),
  ]);
  const byParticipant = new Map<string, repo.PushTargetRow[]>();
  for (const t of targets)
    byParticipant.set(t.participantId, [...(byParticipant.get(t.participantId) ?? []), t]);
  const jobs = deliveries.flatMap((d) => (byParticipant.get(d.participantId) ?? []).map((t) => ({ d, t })));
  await Promise.all(
    jobs.map(async ({ d, t }) => {
      const started = Date.now();
      let outcome: PushOutcome = await deps.push.send(t, d.message, d.opts);
      for (let attempt = 0; outcome.kind === 'retry' && attempt < PUSH_RETRIES; attempt++) {
        const delay = Math.min(
          outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : BACKOFF_MS[attempt]!,
          MAX_RETRY_AFTER_MS,
        );
        const remainingTtl = d.opts.ttlSeconds * 1000 - (Date.now() - started) - delay;
        if (remainingTtl <= 0) break;
        await wait(delay);
        outcome = await deps.push.send(t, d.message, {
          ...d.opts,
          ttlSeconds: Math.floor(remainingTtl / 1000),
        });
      }
      if (outcome.kind === 'sent') report.sent++;
      else if (outcome.kind === 'gone') {
        report.gone++;
        await repo.deleteSubscription(deps.db, t.endpoint);
      } else report.failed++;
    }),
  );
  return report;
}
