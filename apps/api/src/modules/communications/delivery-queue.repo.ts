import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * The SQL of the delivery engine (delivery-engine.ts): starting due campaigns, claiming recipient
 * rows with a lease, marking them (fenced by the attempt number the claim took), finishing and
 * pausing campaigns, and the shared per-second send-rate buckets.
 */

export interface StartedCampaign {
  id: string;
  eventId: string;
  channels: string[];
  subject: string;
  body: string;
  audience: unknown;
  link: { type: string; sessionId: string | null; url: string | null };
  origin: string | null;
}

/**
 * SCHEDULED campaigns whose time has come → SENDING, in the caller's transaction (which also
 * materialises their recipients: a crash before the commit leaves them SCHEDULED). SKIP LOCKED:
 * two processes never start the same campaign.
 */
export async function startDue(db: Db, limit: number, only?: string): Promise<StartedCampaign[]> {
  const { rows } = await sql<StartedCampaign>`
    UPDATE communications c SET status = 'SENDING', started_at = now(), updated_at = now()
    WHERE c.id IN (
      SELECT id FROM communications
      WHERE status = 'SCHEDULED' AND scheduled_at <= now() ${only ? sql`AND id = ${only}` : sql``}
      ORDER BY scheduled_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING c.id, c.event_id AS "eventId", c.channels, c.subject, c.body, c.audience, c.link, c.origin`.execute(
    db,
  );
  return rows;
}

export async function setStarted(
  db: Db,
  id: string,
  recipientCount: number,
  frozenVars: Record<string, string>,
): Promise<void> {
  await db
    .updateTable('communications')
    .set({ recipientCount, frozenVars: JSON.stringify(frozenVars) })
    .where('id', '=', id)
    .execute();
}

/** A campaign that can not be sent: FAILED with the reason. */
export async function failCampaign(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('communications')
    .set({ status: 'FAILED', statusReason: reason, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface ClaimedRow {
  id: string;
  communicationId: string;
  eventId: string;
  participantId: string;
  email: string;
  vars: Record<string, string>;
  attempts: number;
  emailLogId: string | null;
}

/**
 * Claims up to `limit` rows of `channel` of SENDING campaigns: QUEUED ones, DEFERRED ones whose
 * time has come, and SENDING ones whose lease ran out (their worker died). One UPDATE … RETURNING
 * with SKIP LOCKED: a row is claimed by one worker at a time; `attempts` + 1 is the claim's fence.
 */
export async function claimBatch(
  db: Db,
  channel: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRow[]> {
  const { rows } = await sql<ClaimedRow>`
    UPDATE communication_recipients r
    SET status = 'SENDING', attempts = r.attempts + 1, updated_at = now(),
      lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
    WHERE r.id IN (
      SELECT r2.id FROM communication_recipients r2 JOIN communications c ON c.id = r2.communication_id
      WHERE c.status = 'SENDING' AND r2.channel = ${channel}
        AND (r2.status = 'QUEUED'
          OR (r2.status = 'DEFERRED' AND r2.next_attempt_at <= now())
          OR (r2.status = 'SENDING' AND r2.lease_until < clock_timestamp()))
      ORDER BY r2.created_at, r2.id LIMIT ${limit} FOR UPDATE OF r2 SKIP LOCKED)
    RETURNING r.id, r.communication_id AS "communicationId", r.event_id AS "eventId",
      r.participant_id AS "participantId", r.email, r.vars, r.attempts, r.email_log_id AS "emailLogId"`.execute(
    db,
  );
  return rows;
}

export interface RowOutcome {
  id: string;
  attempts: number;
  status: 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED';
  error: string | null;
  /** DEFERRED: when it may be claimed again. */
  retryAt: Date | null;
}

/** Marks claimed rows, only while the claim is still theirs (status SENDING with the same attempt number). */
export async function markRows(db: Db, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    UPDATE communication_recipients r SET
      status = o.status, last_error = o.error, next_attempt_at = o.retry_at, lease_until = NULL,
      sent_at = CASE WHEN o.status = 'SENT' THEN now() ELSE r.sent_at END, updated_at = now()
    FROM unnest(${outcomes.map((o) => o.id)}::uuid[], ${outcomes.map((o) => o.attempts)}::int[],
      ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.error)}::text[],
      ${outcomes.map((o) => o.retryAt?.toISOString() ?? null)}::timestamptz[]) AS o(id, attempts, status, error, retry_at)
    WHERE r.id = o.id AND r.status = 'SENDING' AND r.attempts = o.attempts`.execute(db);
}

export async function setEmailLogIds(
  db: Db,
  pairs: Array<{ id: string; emailLogId: string }>,
): Promise<void> {
  if (pairs.length === 0) return;
  await sql`
    UPDATE communication_recipients r SET email_log_id = x.log_id
    FROM unnest(${pairs.map((p) => p.id)}::uuid[], ${pairs.map((p) => p.emailLogId)}::uuid[]) AS x(id, log_id)
    WHERE r.id = x.id`.execute(db);
}

/** What the renderer needs of each campaign of a batch. */
export async function campaignsForSend(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('communications')
    .select(['id', 'eventId', 'subject', 'body', 'link', 'frozenVars', 'origin'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * SENDING campaigns with no row left to send (every row SENT, FAILED or BOUNCED) → SENT. Never
 * SENT while a row is QUEUED, SENDING or DEFERRED.
 */
export async function finishDone(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    UPDATE communications c SET status = 'SENT', sent_at = now(), updated_at = now()
    WHERE c.id = ANY(${ids}::uuid[]) AND c.status = 'SENDING'
      AND NOT EXISTS (SELECT 1 FROM communication_recipients r
        WHERE r.communication_id = c.id AND r.status IN ('QUEUED', 'SENDING', 'DEFERRED'))
    RETURNING c.id`.execute(db);
  return rows.map((r) => r.id);
}

/** SENDING campaigns among `ids`. */
export async function sendingAmong(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('communications')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 'SENDING')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Pauses SENDING campaigns past the error threshold: since the start (or the last resume), at least
 * `minFailures` rows FAILED/BOUNCED and they are at least `percent` % of the rows finished.
 */
export async function pauseOverThreshold(
  db: Db,
  ids: string[],
  minFailures: number,
  percent: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    WITH s AS (
      SELECT communication_id,
        count(*) FILTER (WHERE status IN ('FAILED', 'BOUNCED')) AS bad,
        count(*) FILTER (WHERE status IN ('SENT', 'FAILED', 'BOUNCED')) AS done
      FROM communication_recipients WHERE communication_id = ANY(${ids}::uuid[]) GROUP BY communication_id)
    UPDATE communications c SET status = 'PAUSED', updated_at = now(),
      status_reason = format('Paused: %s of %s deliveries failed', s.bad - c.error_baseline, s.done - c.done_baseline)
    FROM s
    WHERE s.communication_id = c.id AND c.status = 'SENDING'
      AND s.bad - c.error_baseline >= ${minFailures}
      AND (s.bad - c.error_baseline) * 100 >= ${percent} * GREATEST(s.done - c.done_baseline, 1)
    RETURNING c.id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Takes up to `want` send tokens of `transport` in the current wall-clock second (the database's
 * clock, shared by every process): answers how many were granted (0: wait for the next second)
 * and the second they count in.
 */
export async function takeTokens(
  db: Db,
  transport: string,
  want: number,
  perSecond: number,
): Promise<{ granted: number; second: string }> {
  const { rows } = await sql<{ granted: number; second: string }>`
    INSERT INTO communication_send_rate AS b (transport, second, used, granted)
    VALUES (${transport}, floor(extract(epoch FROM clock_timestamp()))::bigint,
      LEAST(${want}::int, ${perSecond}::int), LEAST(${want}::int, ${perSecond}::int))
    ON CONFLICT (transport) DO UPDATE SET
      used = CASE WHEN b.second = EXCLUDED.second THEN LEAST(b.used + ${want}::int, ${perSecond}::int) ELSE EXCLUDED.used END,
      granted = CASE WHEN b.second = EXCLUDED.second THEN LEAST(b.used + ${want}::int, ${perSecond}::int) - b.used ELSE EXCLUDED.used END,
      second = EXCLUDED.second
    RETURNING granted, second::text AS second`.execute(db);
  return rows[0] ?? { granted: 0, second: '' };
}

/** Ids of every SENDING campaign (a pass settles them all: finishing needs no claim). */
export async function sendingIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('communications').select('id').where('status', '=', 'SENDING').execute();
  return rows.map((r) => r.id);
}
