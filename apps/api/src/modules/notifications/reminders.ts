import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { announceInboxItems } from './inbox.service.js';
import * as repo from './notifications.repo.js';
import { deliverPush, type PushReport } from './push-delivery.js';

/** How often each API process looks for reminders due (a reminder is at most this late). */
export const REMINDER_INTERVAL_MS = 30_000;

/**
 * Automatic reminders (issue 14 deliverable 7): "your session starts in N minutes" for My Agenda
 * sessions (enrolled or bookmarked) and accepted meetings. Every process ticks; each tick is one
 * statement that claims due reminders in `reminders_sent` and writes the inbox items
 * (`claimDueReminders`), so each reminder goes out once. After it committed: `inbox.changed` to
 * the users' rooms and a push to their devices (TTL: until the start; urgency high; one topic per
 * item so a device shows the latest only).
 */
export async function runReminders(deps: Pick<AppDeps, 'db' | 'realtime' | 'push'>): Promise<{
  reminders: repo.SentReminder[];
  push: Promise<PushReport>;
}> {
  const reminders = await repo.claimDueReminders(deps.db);
  const byEvent = new Map<string, string[]>();
  for (const r of reminders) byEvent.set(r.eventId, [...(byEvent.get(r.eventId) ?? []), r.userId]);
  for (const [eventId, userIds] of byEvent) announceInboxItems(deps.realtime, userIds, eventId);
  const push = deliverPush(
    deps,
    reminders.map((r) => ({
      participantId: r.participantId,
      message: { title: r.title, body: r.body, url: r.url, tag: `reminder-${r.itemId}` },
      opts: {
        ttlSeconds: Math.max(60, Math.floor((new Date(r.startsAt).getTime() - Date.now()) / 1000)),
        urgency: 'high',
        topic: `r${r.itemId.replace(/-/g, '').slice(0, 31)}`,
      },
    })),
  );
  return { reminders, push };
}

export function createReminderScheduler(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'push'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  intervalMs = REMINDER_INTERVAL_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const { push } = await runReminders(deps);
      push.catch((err: unknown) => log.error({ err }, 'reminder push failed'));
    } catch (err) {
      log.error({ err }, 'reminder tick failed');
    }
  };
  return {
    tick: () => (running = running.then(tick)),
    start(): void {
      if (timer) return;
      timer = setInterval(() => void (running = running.then(tick)), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export function startReminders(app: ZodApp, deps: Pick<AppDeps, 'db' | 'realtime' | 'push'>): void {
  const scheduler = createReminderScheduler(deps, app.log);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}
