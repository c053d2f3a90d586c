import {
  ATTENDEE_MESSAGES,
  checkParticipantRow,
  type CustomFieldDef,
  type NormalisedParticipantRow,
  type ParticipantRow,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { HttpError } from '../../platform/errors.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import { labelsByIds } from './labels.repo.js';
import { recomputeRuleLabels } from './labels.service.js';
import * as repo from './participants.repo.js';

/**
 * What the data-import framework calls to bring participants in (spec part 3: the 'User' table).
 *
 *   const fields = await importFieldsOf(db, eventId);            // the event's custom fields
 *   const messages = validateParticipantRow(row, fields);       // {} when the row is good
 *   await db.transaction().execute((tx) => upsertParticipants(tx, eventId, goodRows, actor));
 *
 * Rows: `{ email, firstName?, lastName?, jobTitle?, company?, phone?, bio?, customFields?: { <custom
 * field id>: value }, labelIds? }`; spreadsheet cells become custom-field values with
 * `customFieldValueFromCell(field, cell)` (domain).
 */

export type { ParticipantRow } from '@plenary/domain';

/** The event's custom fields, as validateParticipantRow wants them. */
export async function importFieldsOf(db: Db, eventId: string): Promise<CustomFieldDef[]> {
  return asDefs(await listFields(db, eventId));
}

/**
 * The API's rules for one row, as `{ field: message }` ({} = valid): e-mail required and valid,
 * first and last name required ('create', the default: the row may create a participant) or only
 * checked when given ('update'), text lengths ('Max length exceeded'), custom-field values by type
 * ('Required field', 'Please enter value', 'Please select value', the time and URL messages).
 * Custom-field paths are `customFields.<id>`.
 */
export function validateParticipantRow(row: ParticipantRow, customFields: readonly CustomFieldDef[], mode: 'create' | 'update' = 'create'): Record<string, string> {
  const check = checkParticipantRow(row, customFields, mode);
  return check.ok ? {} : check.fields;
}

export interface UpsertActor {
  /** Who imports (audit_log.actor_id, updated_by). */
  actorId: string;
  impersonatedUserId?: string | null;
  requestId?: string | null;
}

export interface UpsertResult {
  created: number;
  updated: number;
  /** One per distinct e-mail, in no particular order. */
  rows: Array<{ email: string; participantId: string; userId: string; created: boolean }>;
}

/** Rows per set-based batch: each batch is a handful of statements, whatever its size. */
export const UPSERT_BATCH_SIZE = 5000;

/**
 * Creates or updates participants of the event by e-mail, in the caller's transaction `tx`:
 * - a new address gets a new account (no password; names from the row) and a participant;
 * - an existing account that is not yet a participant joins (the account itself is not changed);
 * - an existing participant gets the row's fields (absent ones kept; custom fields merge, null
 *   clears one; `labelIds` (manual labels) are added).
 * Rows repeating an e-mail are merged, later rows winning. Each batch of UPSERT_BATCH_SIZE rows
 * runs as a few set-based statements (accounts, updates, inserts, labels), then rule labels are
 * recomputed for the batch and one audit row per participant is written, also set-based.
 * Rows are checked like validateParticipantRow in 'update' mode (names not required); any bad row
 * throws a 400 HttpError whose `fields` name `rows.<index>.<field>`, before anything is written.
 */
export async function upsertParticipants(
  tx: Db,
  eventId: string,
  rows: readonly ParticipantRow[],
  actor: UpsertActor,
  opts: { batchSize?: number } = {},
): Promise<UpsertResult> {
  const fields = await importFieldsOf(tx, eventId);
  const errors: Record<string, string> = {};
  const byEmail = new Map<string, NormalisedParticipantRow>();
  rows.forEach((row, i) => {
    const check = checkParticipantRow(row, fields, 'update');
    if (!check.ok) {
      if (Object.keys(errors).length < 100) for (const [path, message] of Object.entries(check.fields)) errors[`rows.${i}.${path}`] = message;
      return;
    }
    const before = byEmail.get(check.value.email);
    byEmail.set(
      check.value.email,
      before
        ? {
            ...before,
            ...Object.fromEntries(Object.entries(check.value).filter(([, v]) => v !== undefined)),
            customFields: { ...before.customFields, ...check.value.customFields },
            labelIds: [...new Set([...before.labelIds, ...check.value.labelIds])],
          }
        : check.value,
    );
  });
  const labelIds = [...new Set([...byEmail.values()].flatMap((r) => r.labelIds))];
  if (labelIds.length > 0) {
    const labels = await labelsByIds(tx, eventId, labelIds);
    if (labels.length !== labelIds.length || labels.some((l) => l.type !== 'MANUAL')) {
      const bad = labels.some((l) => l.type !== 'MANUAL') ? ATTENDEE_MESSAGES.ruleLabelMembers : ATTENDEE_MESSAGES.unknownLabel;
      const wrong = new Set(labelIds.filter((id) => !labels.some((l) => l.id === id && l.type === 'MANUAL')));
      rows.forEach((row, i) => {
        if (Array.isArray(row.labelIds) && row.labelIds.some((id) => typeof id === 'string' && wrong.has(id.toLowerCase()))) errors[`rows.${i}.labelIds`] ??= bad;
      });
    }
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.entries(errors)[0]!;
    throw new HttpError(400, `${first[0]}: ${first[1]}`, errors);
  }

  const all = [...byEmail.values()];
  const size = Math.max(1, opts.batchSize ?? UPSERT_BATCH_SIZE);
  const result: UpsertResult = { created: 0, updated: 0, rows: [] };
  for (let at = 0; at < all.length; at += size) {
    const batch = all.slice(at, at + size);
    const done = await repo.upsertBatch(tx, eventId, batch, actor.actorId);
    const ids = done.map((r) => r.participantId);
    await recomputeRuleLabels(tx, eventId, { participantIds: ids });
    await repo.auditMany(tx, actor, 'create', done.filter((r) => r.created).map((r) => r.participantId));
    await repo.auditMany(tx, actor, 'update', done.filter((r) => !r.created).map((r) => r.participantId));
    for (const r of done) {
      if (r.created) result.created++;
      else result.updated++;
      result.rows.push(r);
    }
  }
  return result;
}
