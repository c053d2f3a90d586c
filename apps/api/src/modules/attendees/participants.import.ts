import {
  ATTENDEE_MESSAGES,
  checkParticipantRow,
  type CustomFieldDef,
  type NormalisedParticipantRow,
  type ParticipantRow,
} from '@plenary/domain';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { createUsersFrom } from '../../platform/users.repo.js';
import { HttpError } from '../../platform/errors.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import { isSuperAdminId, organizationOf, outsideRowsOf } from './invitations.repo.js';
import type { Invitee } from './invitations.service.js';
import { labelsByIds } from './labels.repo.js';
import { recomputeRuleLabels } from './labels.service.js';
import {
  addManualLabelsByEmail,
  insertParticipantsFrom,
  sourceOfRows,
  stagedSource,
  updateParticipantsFrom,
  type SourceRow,
  type UpsertActor,
} from './participants-import.repo.js';

/**
 * What the data-import framework calls to bring participants in (spec part 3: the 'User' table).
 *
 *   const fields = await importFieldsOf(db, eventId);            // the event's custom fields
 *   const messages = validateParticipantRow(row, fields);       // {} when the row is good
 *   await db.transaction().execute((tx) => upsertParticipants(tx, eventId, goodRows, actor));
 *
 * The data import (modules/imports) stages checked rows in `import_rows` with COPY and commits
 * them with `upsertStagedParticipants(tx, eventId, importId, actor)`: the same statements, read
 * from the staging table instead of a JSON parameter.
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
export function validateParticipantRow(
  row: ParticipantRow,
  customFields: readonly CustomFieldDef[],
  mode: 'create' | 'update' = 'create',
): Record<string, string> {
  const check = checkParticipantRow(row, customFields, mode);
  return check.ok ? {} : check.fields;
}

export type { UpsertActor } from './participants-import.repo.js';

export interface UpsertResult {
  created: number;
  updated: number;
  /** One per distinct e-mail, in no particular order (rows that changed nothing are left out). */
  rows: Array<{ email: string; participantId: string; userId: string; created: boolean }>;
  /** Rows of accounts outside the organisation: not written; the caller invites them (inviteInTransaction). */
  invitees: Invitee[];
}

/** Rows per set-based batch of upsertParticipants: each batch is a handful of statements, whatever its size. */
export const UPSERT_BATCH_SIZE = 5000;

/**
 * Creates or updates participants of the event by e-mail, in the caller's transaction `tx`:
 * - a new address gets a new account (no password; names from the row) and a participant;
 * - an existing account of the organisation that is not yet a participant joins (the account itself
 *   is not changed); one outside it is left out and returned in `invitees`;
 * - an existing participant gets the row's fields (absent ones kept; custom fields merge, null
 *   clears one; `labelIds` (manual labels) are added). A row that would change nothing is left
 *   alone (not counted as updated, no audit row).
 * Rows repeating an e-mail are merged, later rows winning. Each batch of UPSERT_BATCH_SIZE rows
 * runs as a few set-based statements (upsertFrom), then rule labels are recomputed for the
 * batch. Rows are checked like validateParticipantRow in 'update' mode (names not required); any
 * bad row throws a 400 HttpError whose `fields` name `rows.<index>.<field>`, before anything is written.
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
      if (Object.keys(errors).length < 100)
        for (const [path, message] of Object.entries(check.fields)) errors[`rows.${i}.${path}`] = message;
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
      const bad = labels.some((l) => l.type !== 'MANUAL')
        ? ATTENDEE_MESSAGES.ruleLabelMembers
        : ATTENDEE_MESSAGES.unknownLabel;
      const wrong = new Set(labelIds.filter((id) => !labels.some((l) => l.id === id && l.type === 'MANUAL')));
      rows.forEach((row, i) => {
        if (
          Array.isArray(row.labelIds) &&
          row.labelIds.some((id) => typeof id === 'string' && wrong.has(id.toLowerCase()))
        )
          errors[`rows.${i}.labelIds`] ??= bad;
      });
    }
  }
  if (Object.keys(errors).length > 0) {
    const first = Object.entries(errors)[0]!;
    throw new HttpError(400, `${first[0]}: ${first[1]}`, errors);
  }

  const all = [...byEmail.values()];
  const size = Math.max(1, opts.batchSize ?? UPSERT_BATCH_SIZE);
  const result: UpsertResult = { created: 0, updated: 0, rows: [], invitees: [] };
  for (let at = 0; at < all.length; at += size) {
    const batch = all.slice(at, at + size);
    const source = sourceOfRows(batch.map(snake));
    const invitees = await outsideInvitees(
      tx,
      eventId,
      source,
      actor,
      new Map(batch.map((r) => [r.email, r.labelIds])),
    );
    result.invitees.push(...invitees);
    const done = await upsertFrom(tx, eventId, source, actor, invitees);
    if (batch.some((r) => r.labelIds.length > 0)) await addManualLabels(tx, eventId, batch);
    await recomputeRuleLabels(tx, eventId, { participantIds: done.map((r) => r.participantId) });
    for (const r of done) {
      if (r.created) result.created++;
      else result.updated++;
      result.rows.push(r);
    }
  }
  return result;
}

/**
 * The data import's commit: every row staged for `importId` (import_rows: key = e-mail, data =
 * a NormalisedParticipantRow) upserted like upsertParticipants, in a few statements over the whole
 * set, then rule labels recomputed once for the participants written.
 */
export async function upsertStagedParticipants(
  tx: Db,
  eventId: string,
  importId: string,
  actor: UpsertActor,
): Promise<{ created: number; updated: number; invitees: Invitee[] }> {
  const source = stagedSource(importId);
  const invitees = await outsideInvitees(tx, eventId, source, actor);
  const done = await upsertFrom(tx, eventId, source, actor, invitees);
  // Past a few thousand ids, one pass over the event beats a long id list in every statement.
  await recomputeRuleLabels(
    tx,
    eventId,
    done.length > RECOMPUTE_ALL_FROM ? {} : { participantIds: done.map((r) => r.participantId) },
  );
  const created = done.filter((r) => r.created).length;
  return { created, updated: done.length - created, invitees };
}

/**
 * Rows whose address belongs to an existing account outside the event's organisation: an import
 * may not pull such an account in (docs/SECURITY.md 3.7), so they are not written and come back
 * to be invited with the row's profile. A super admin's import writes them like any other row.
 */
async function outsideInvitees(
  tx: Db,
  eventId: string,
  source: RawBuilder<unknown>,
  actor: UpsertActor,
  labels?: ReadonlyMap<string, string[]>,
): Promise<Invitee[]> {
  if (await isSuperAdminId(tx, actor.actorId)) return [];
  const { organizationId } = await organizationOf(tx, eventId);
  const rows = await outsideRowsOf(tx, organizationId, source);
  const present = <T>(o: Record<string, T | null>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as Record<string, T>;
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    firstName: r.accountFirstName,
    profile: present({
      firstName: r.firstName,
      lastName: r.lastName,
      jobTitle: r.jobTitle,
      company: r.company,
      phone: r.phone,
      bio: r.bio,
    }),
    customFields: present(r.customFields ?? {}),
    labelIds: labels?.get(r.email) ?? [],
  }));
}

/** From this many participants written, rule labels are recomputed for the whole event. */
const RECOMPUTE_ALL_FROM = 5000;

const snake = (row: NormalisedParticipantRow): SourceRow => ({
  email: row.email,
  first_name: row.firstName ?? null,
  last_name: row.lastName ?? null,
  job_title: row.jobTitle ?? null,
  company: row.company ?? null,
  phone: row.phone ?? null,
  bio: row.bio ?? null,
  custom_fields: row.customFields,
});

type Written = { email: string; participantId: string; userId: string; created: boolean };

/**
 * `source`: a subquery of rows `(email, first_name, …, bio, custom_fields)`, one per e-mail, null
 * where the row says nothing. Three statements, each writing its audit rows in the same statement:
 * 1. accounts for new addresses (existing accounts are left as they are);
 * 2. participants of the event that exist and would change: fields given replace, custom fields merge;
 * 3. the others are inserted (profile from the row, else from the account).
 */
async function upsertFrom(
  tx: Db,
  eventId: string,
  source: RawBuilder<unknown>,
  actor: UpsertActor,
  outside: readonly Invitee[],
): Promise<Written[]> {
  const outsideIds = outside.map((i) => i.userId);
  await createUsersFrom(tx, actor, source);
  const updated = await updateParticipantsFrom(tx, eventId, source, actor);
  const inserted = await insertParticipantsFrom(tx, eventId, source, actor, outsideIds);
  return [
    ...updated.map((r) => ({ ...r, created: false })),
    ...inserted.map((r) => ({ ...r, created: true })),
  ];
}

async function addManualLabels(
  tx: Db,
  eventId: string,
  rows: readonly NormalisedParticipantRow[],
): Promise<void> {
  const labelled = rows
    .filter((r) => r.labelIds.length > 0)
    .map((r) => ({ email: r.email, label_ids: r.labelIds }));
  await addManualLabelsByEmail(tx, eventId, labelled);
}
