import type { FastifyBaseLogger } from 'fastify';
import { CAMPAIGN_MESSAGES } from '@plenary/domain';
import { holdForCrashTest } from '../../platform/crash-test-hold.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { CommunicationAudienceJson, CommunicationLinkJson } from '../../platform/db/schema.js';
import { eventEmailBrand, type EmailBrand } from '../../platform/email/index.js';
import { logEmails, markEmail } from '../../platform/email-log.repo.js';
import { asDefs, listFields } from '../attendees/index.js';
import {
  campaignAudienceCondition,
  materialiseRecipients,
  recipientParticipants,
} from './campaign-audience.repo.js';
import { addInbox, announceInbox, dropPushSubscription, pushTargetsOf } from './campaign-notify.js';
import {
  campaignEmail,
  campaignMessageId,
  campaignPushTopic,
  renderFor,
  type Vars,
} from './campaign-render.js';
import * as q from './delivery-queue.repo.js';
import { eventInfo, sessionName } from './communications.repo.js';

/**
 * The campaign delivery engine. Every API process runs one (a timer, like the engagement
 * scheduler); all coordination is in the database, so N processes share the work:
 *
 * 1. start: SCHEDULED campaigns that are due → SENDING, and in the same transaction their
 *    recipients are materialised (one INSERT … SELECT, one row per recipient and channel) and the
 *    inbox items added; a crash before the commit leaves the campaign SCHEDULED.
 * 2. send: rows are claimed in small batches with a lease (UPDATE … SET status='SENDING',
 *    lease_until=… RETURNING, SKIP LOCKED), sent, and marked — the mark is fenced by the claim's
 *    attempt number, so a worker whose lease ran out can not overwrite the row's newer state.
 * 3. finish: a campaign with no row QUEUED, SENDING or DEFERRED → SENT; past the error threshold → PAUSED.
 *
 * Exactly once: every row reaches one final state once, and a message is handed to the transport
 * once per claim. The one window is a crash after the transport accepted the message and before the
 * mark committed: the lease runs out, the row is claimed again and the message is sent again, with
 * the SAME Message-ID `<campaignId.participantId@host>` (push: the same `topic`), so receiving
 * systems that dedupe on it show it once. We do not claim more than that (see docs/guides/communications.md).
 */
export interface DeliveryOptions {
  /** E-mails per second across all processes (0: no limit). */
  emailRate: number;
  /** Push messages per second across all processes (0: no limit). */
  pushRate: number;
  batchSize: number;
  leaseMs: number;
  /** Parallel sends within a batch. */
  concurrency: number;
  /** Delay before a DEFERRED row may be claimed again, by attempt number. */
  backoffMs: (attempts: number) => number;
  /** Pause threshold: at least this many failures … */
  minFailures: number;
  /** … making at least this percentage of the finished rows. */
  failPercent: number;
  intervalMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  emailRate: 0,
  pushRate: 0,
  batchSize: 25,
  leaseMs: 120_000,
  concurrency: 8,
  backoffMs: (attempts) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1)),
  minFailures: 10,
  failPercent: 20,
  intervalMs: 1000,
};

/**
 * COMMUNICATIONS_EMAIL_RATE / COMMUNICATIONS_PUSH_RATE (messages per second; unset or 0: no limit);
 * COMMUNICATIONS_LEASE_SECONDS (how long a claimed row is a worker's; default 120).
 */
export function deliveryOptionsFromEnv(env: Record<string, string | undefined>): DeliveryOptions {
  const int = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : 0);
  const lease = int(env.COMMUNICATIONS_LEASE_SECONDS);
  return {
    ...DEFAULT_DELIVERY,
    emailRate: int(env.COMMUNICATIONS_EMAIL_RATE),
    pushRate: int(env.COMMUNICATIONS_PUSH_RATE),
    ...(lease > 0 ? { leaseMs: lease * 1000 } : {}),
  };
}

export type DeliveryDeps = Pick<AppDeps, 'db' | 'mailer' | 'push' | 'realtime' | 'brands' | 'config'>;

/** SMTP reply class: 4xx (and no reply: connection trouble) is temporary; 5xx is a bounce. */
export function smtpOutcome(err: unknown): { status: 'DEFERRED' | 'BOUNCED'; error: string } {
  const e = err as { responseCode?: number; response?: string; message?: string };
  const text = (e.response ?? e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { status: 'BOUNCED', error: text };
  return { status: 'DEFERRED', error: text };
}

async function mapLimit<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createDeliveryEngine(
  deps: DeliveryDeps,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  options: Partial<DeliveryOptions> = {},
) {
  const opts = { ...DEFAULT_DELIVERY, ...options };
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  /** Waits for `n` tokens of the transport's per-second budget (no limit: at once). */
  async function tokens(transport: 'email' | 'push', n: number): Promise<void> {
    const rate = transport === 'email' ? opts.emailRate : opts.pushRate;
    if (rate <= 0) return;
    let left = n;
    while (left > 0 && !stopped) {
      const { granted } = await q.takeTokens(db, transport, left, rate);
      left -= granted;
      if (left > 0) await sleep(1000 - (Date.now() % 1000) + 5);
    }
  }

  /** Starts due campaigns (at most `limit`; `only` one of them): SENDING, recipients, inbox items. */
  async function startDue(limit = 5, only?: string): Promise<string[]> {
    const announce: string[] = [];
    const started = await db.transaction().execute(async (tx: Db) => {
      const due = await q.startDue(tx, limit, only);
      for (const c of due) {
        const audience = c.audience as CommunicationAudienceJson;
        const fields = audience.type === 'RULES' ? asDefs(await listFields(tx, c.eventId)) : [];
        const count = await materialiseRecipients(tx, c, campaignAudienceCondition(audience, fields));
        const event = await eventInfo(tx, c.eventId);
        const link = c.link as CommunicationLinkJson;
        const frozen: Record<string, string> = { eventName: event.name };
        if (link.type === 'SESSION' && link.sessionId)
          frozen.sessionName = (await sessionName(tx, c.eventId, link.sessionId)) ?? '';
        await q.setStarted(tx, c.id, count, frozen);
        if (count === 0) {
          // Nobody left in the audience when it fell due (labels emptied, people removed): FAILED, with the reason.
          await q.failCampaign(tx, c.id, CAMPAIGN_MESSAGES.noRecipients);
          continue;
        }
        const people = await recipientParticipants(tx, c.id);
        const origin = c.origin ?? '';
        await addInbox(
          tx,
          people.map((p) => {
            const r = renderFor({ ...c, link }, { ...frozen, ...p.vars }, origin);
            return {
              eventId: c.eventId,
              participantId: p.participantId,
              communicationId: c.id,
              title: r.subject,
              body: r.body,
              url: r.path ?? `/event/${c.eventId}/inbox`,
            };
          }),
        );
        announce.push(...people.map((p) => p.userId));
      }
      return due.map((c) => c.id);
    });
    if (announce.length > 0) announceInbox(deps.realtime, [...new Set(announce)]);
    return started;
  }

  const brandCache = new Map<string, Promise<EmailBrand>>();
  const brandOf = (eventId: string, origin: string) => {
    const key = `${eventId}|${origin}`;
    let b = brandCache.get(key);
    if (!b) {
      b = eventEmailBrand(deps, eventId, origin);
      brandCache.set(key, b);
      b.catch(() => brandCache.delete(key));
    }
    return b;
  };

  async function campaignsOf(rows: q.ClaimedRow[]) {
    const list = await q.campaignsForSend(db, [...new Set(rows.map((r) => r.communicationId))]);
    const names = new Map<string, string>();
    for (const c of list)
      if (!names.has(c.eventId)) names.set(c.eventId, (await eventInfo(db, c.eventId)).name);
    return new Map(list.map((c) => [c.id, { ...c, eventName: names.get(c.eventId) ?? '' }]));
  }

  /** One batch of e-mails: answers how many rows were claimed. */
  async function emailBatch(): Promise<{ claimed: number; campaigns: string[] }> {
    const rows = await q.claimBatch(db, 'EMAIL', opts.batchSize, opts.leaseMs);
    if (rows.length === 0) return { claimed: 0, campaigns: [] };
    const campaigns = await campaignsOf(rows);
    const messages = new Map<string, ReturnType<typeof campaignEmail> & { messageId: string }>();
    const outcomes: q.RowOutcome[] = [];
    for (const row of rows) {
      const c = campaigns.get(row.communicationId);
      if (!c || !row.email) {
        outcomes.push({
          id: row.id,
          attempts: row.attempts,
          status: 'FAILED',
          error: 'No e-mail address',
          retryAt: null,
        });
        continue;
      }
      const origin = c.origin ?? '';
      const vars: Vars = { ...(c.frozenVars ?? {}), ...row.vars };
      const r = renderFor(c, vars, origin);
      const mail = campaignEmail(row.email, await brandOf(c.eventId, origin), r, vars, c.eventName);
      messages.set(row.id, {
        ...mail,
        eventId: c.eventId,
        category: 'CAMPAIGN',
        communicationId: c.id,
        messageId: campaignMessageId(c.id, row.participantId, origin || 'http://localhost'),
      });
    }
    // The e-mail log: one row per message, made on its first attempt (a retry reuses it).
    const needLog = rows.filter((r) => r.emailLogId === null && messages.has(r.id));
    const logIds = await logEmails(
      db,
      needLog.map((r) => {
        const m = messages.get(r.id)!;
        return {
          eventId: m.eventId ?? null,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          category: 'CAMPAIGN' as const,
          communicationId: m.communicationId ?? null,
        };
      }),
    );
    const logOf = new Map(rows.map((r) => [r.id, r.emailLogId]));
    needLog.forEach((r, i) => logOf.set(r.id, logIds[i] ?? null));
    await q.setEmailLogIds(
      db,
      needLog.flatMap((r, i) => (logIds[i] ? [{ id: r.id, emailLogId: logIds[i] }] : [])),
    );

    const toSend = rows.filter((r) => messages.has(r.id));
    await mapLimit(toSend, opts.concurrency, async (row) => {
      await tokens('email', 1);
      const logId = logOf.get(row.id) ?? null;
      try {
        await deps.mailer.send(messages.get(row.id)!);
        // Crash tests: the process is killed here, after the SMTP answer and before the mark.
        await holdForCrashTest('communications.afterSend');
        outcomes.push({ id: row.id, attempts: row.attempts, status: 'SENT', error: null, retryAt: null });
        if (logId) await markEmail(db, logId, 'SENT');
      } catch (err) {
        const o = smtpOutcome(err);
        outcomes.push({
          id: row.id,
          attempts: row.attempts,
          status: o.status,
          error: o.error,
          retryAt: o.status === 'DEFERRED' ? new Date(Date.now() + opts.backoffMs(row.attempts)) : null,
        });
        if (logId) await markEmail(db, logId, o.status, o.error);
      }
    });
    await q.markRows(db, outcomes);
    return { claimed: rows.length, campaigns: [...campaigns.keys()] };
  }

  /** One batch of push rows: every subscription of the participant; gone ones are dropped. */
  async function pushBatch(): Promise<{ claimed: number; campaigns: string[] }> {
    const rows = await q.claimBatch(db, 'NOTIFICATION', opts.batchSize, opts.leaseMs);
    if (rows.length === 0) return { claimed: 0, campaigns: [] };
    const campaigns = await campaignsOf(rows);
    const targets = await pushTargetsOf(db, [...new Set(rows.map((r) => r.participantId))]);
    const outcomes: q.RowOutcome[] = [];
    await mapLimit(rows, opts.concurrency, async (row) => {
      const c = campaigns.get(row.communicationId);
      const subs = targets.get(row.participantId) ?? [];
      if (!c) {
        outcomes.push({
          id: row.id,
          attempts: row.attempts,
          status: 'FAILED',
          error: 'Campaign gone',
          retryAt: null,
        });
        return;
      }
      const r = renderFor(c, { ...(c.frozenVars ?? {}), ...row.vars }, c.origin ?? '');
      let sent = 0;
      let retry: string | null = null;
      let retryAfter = 0;
      const failed: string[] = [];
      for (const sub of subs) {
        await tokens('push', 1);
        const out = await deps.push.send(
          sub,
          { title: r.subject, body: r.body, url: r.path ?? `/event/${c.eventId}/inbox`, tag: c.id },
          { ttlSeconds: 86_400, urgency: 'normal', topic: campaignPushTopic(c.id, row.participantId) },
        );
        if (out.kind === 'sent') sent++;
        else if (out.kind === 'gone') await dropPushSubscription(db, sub.endpoint);
        else if (out.kind === 'retry') {
          retry = out.reason;
          retryAfter = Math.max(retryAfter, (out.retryAfterSeconds ?? 0) * 1000);
        } else failed.push(out.reason);
      }
      if (retry !== null && sent === 0 && row.attempts < 8) {
        outcomes.push({
          id: row.id,
          attempts: row.attempts,
          status: 'DEFERRED',
          error: retry,
          retryAt: new Date(Date.now() + Math.max(retryAfter, opts.backoffMs(row.attempts))),
        });
        return;
      }
      // The inbox item is the notification; push is its alert. A participant without a device still got it.
      const note =
        subs.length === 0
          ? 'No push device: delivered to the inbox'
          : failed.length > 0
            ? failed.join('; ')
            : null;
      outcomes.push({
        id: row.id,
        attempts: row.attempts,
        status: subs.length > 0 && sent === 0 && failed.length > 0 ? 'FAILED' : 'SENT',
        error: note?.slice(0, 500) ?? null,
        retryAt: null,
      });
    });
    await q.markRows(db, outcomes);
    return { claimed: rows.length, campaigns: [...campaigns.keys()] };
  }

  async function settle(ids: string[]): Promise<void> {
    await q.pauseOverThreshold(db, ids, opts.minFailures, opts.failPercent);
    await q.finishDone(db, ids);
  }

  /** Sends until nothing is claimable (or `maxBatches`): starts due campaigns first. */
  async function drain(maxBatches = Number.POSITIVE_INFINITY): Promise<void> {
    await startDue();
    const touched = new Set<string>(await sendingCampaigns());
    let lastStart = Date.now();
    for (let i = 0; i < maxBatches && !stopped; i++) {
      // A long campaign does not hold up campaigns falling due meanwhile.
      if (Date.now() - lastStart > 5000) {
        await startDue();
        lastStart = Date.now();
      }
      const [e, p] = await Promise.all([emailBatch(), pushBatch()]);
      for (const id of [...e.campaigns, ...p.campaigns]) touched.add(id);
      if (e.campaigns.length + p.campaigns.length > 0) await settle([...touched]);
      if (e.claimed + p.claimed === 0) break;
    }
    await settle([...touched]);
  }

  async function sendingCampaigns(): Promise<string[]> {
    return q.sendingIds(db);
  }

  let busy = false;
  const tick = async () => {
    busy = true;
    try {
      await drain();
    } catch (err) {
      log.error({ err }, 'communications delivery tick failed');
    } finally {
      busy = false;
    }
  };

  return {
    startDue,
    emailBatch,
    pushBatch,
    settle,
    /** One full pass now (tests; the timer does the same), after any pass under way. */
    tick: () => (running = running.then(tick)),
    /** Runs a pass soon (a campaign was just scheduled NOW). */
    wake(): void {
      if (!stopped && !busy) running = running.then(tick);
    },
    start(): void {
      if (timer) return;
      stopped = false;
      // A pass under way keeps going until nothing is claimable: the timer does not queue more behind it.
      timer = setInterval(() => {
        if (!busy) running = running.then(tick);
      }, opts.intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type DeliveryEngine = ReturnType<typeof createDeliveryEngine>;
