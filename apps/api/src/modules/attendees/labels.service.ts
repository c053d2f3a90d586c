import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  ATTENDEE_MESSAGES,
  checkRules,
  resolveField,
  type CreateLabel,
  type CustomFieldDef,
  type LabelRecord,
  type Rule,
  type RuleInput,
  type UpdateLabel,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import * as repo from './labels.repo.js';
import { allOf, ruleCondition } from './rules.repo.js';

const ENTITY = 'label';

/** A rule label's condition on `participants p`: all rules match (a rule on a field that is gone matches nobody). */
export function labelCondition(
  rules: readonly Rule[],
  fields: readonly CustomFieldDef[],
): RawBuilder<SqlBool> {
  return allOf(
    rules.map((rule) => {
      const ref = resolveField(rule.field, fields);
      return ref ? ruleCondition(rule, ref) : sql<SqlBool>`false`;
    }),
  );
}

/**
 * Keeps rule labels right after participants changed, inside the caller's transaction:
 * `participantIds` limits the work to those participants (default: all of the event), `fields`
 * (standard field names or custom field ids that changed) skips labels whose rules name none of
 * them. Two set-based statements per label concerned.
 */
export async function recomputeRuleLabels(
  tx: Db,
  eventId: string,
  opts: { participantIds?: readonly string[]; fields?: readonly string[]; labelIds?: readonly string[] } = {},
): Promise<void> {
  if (opts.participantIds?.length === 0) return;
  let labels = await repo.labelsOfEvent(tx, eventId, 'RULE');
  if (opts.labelIds) labels = labels.filter((l) => opts.labelIds!.includes(l.id));
  if (opts.fields) {
    const changed = new Set(opts.fields);
    labels = labels.filter((l) => l.rules.some((r) => changed.has(r.field)));
  }
  if (labels.length === 0) return;
  const fields = asDefs(await listFields(tx, eventId));
  for (const label of labels) {
    await repo.recomputeMembers(
      tx,
      label,
      labelCondition(label.rules as Rule[], fields),
      opts.participantIds,
    );
  }
}

export async function getLabel(db: Db, eventId: string, id: string): Promise<LabelRecord> {
  const record = await repo.labelList.byId(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

async function checkedRules(db: Db, eventId: string, input: readonly RuleInput[]): Promise<Rule[]> {
  const check = checkRules(input, asDefs(await listFields(db, eventId)));
  if (Object.keys(check.fields).length > 0) {
    throw fieldsError(
      Object.fromEntries(Object.entries(check.fields).map(([path, message]) => [`rules.${path}`, message])),
    );
  }
  return check.rules;
}

async function assertNameFree(db: Db, eventId: string, name: string, exceptId?: string): Promise<void> {
  if (await repo.nameTaken(db, eventId, name, exceptId)) {
    throw conflict(`name: ${ATTENDEE_MESSAGES.labelNameTaken}`, { name: ATTENDEE_MESSAGES.labelNameTaken });
  }
}

export async function createLabel(
  db: Db,
  { ctx, event }: EventAccess,
  body: CreateLabel,
): Promise<LabelRecord> {
  await assertNameFree(db, event.id, body.name);
  const rules = body.type === 'RULE' ? await checkedRules(db, event.id, body.rules) : [];
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertLabel(tx, {
      eventId: event.id,
      name: body.name,
      color: body.color,
      type: body.type,
      rules,
      createdBy: ctx.actorId,
    });
    if (body.type === 'RULE') await recomputeRuleLabels(tx, event.id, { labelIds: [id] });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getLabel(db, event.id, id);
}

/**
 * New rules, or a change to RULE, recompute the members in the same transaction. A change to
 * MANUAL keeps the current members, now as manual ones, and drops the rules.
 */
export async function updateLabel(
  db: Db,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateLabel,
): Promise<LabelRecord> {
  const label = await repo.findLabel(db, event.id, id);
  if (!label) throw notFound();
  if (body.name !== undefined && body.name.toLowerCase() !== label.name.toLowerCase())
    await assertNameFree(db, event.id, body.name, id);
  const type = body.type ?? label.type;
  let rules: Rule[] | undefined;
  if (type === 'MANUAL') {
    if (body.rules !== undefined && body.rules.length > 0)
      throw fieldsError({ rules: ATTENDEE_MESSAGES.manualHasNoRules });
    if (label.type === 'RULE') rules = [];
  } else {
    if (body.rules !== undefined) rules = await checkedRules(db, event.id, body.rules);
    if ((rules ?? (label.rules as Rule[])).length === 0)
      throw fieldsError({ rules: ATTENDEE_MESSAGES.rulesRequired });
  }
  const recompute = type === 'RULE' && (label.type !== 'RULE' || rules !== undefined);
  await db.transaction().execute(async (tx) => {
    await repo.updateLabel(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.type !== undefined ? { type } : {}),
      ...(rules !== undefined ? { rules } : {}),
      updatedBy: ctx.actorId,
    });
    if (recompute) await recomputeRuleLabels(tx, event.id, { labelIds: [id] });
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getLabel(db, event.id, id);
}

export async function deleteLabel(db: Db, { ctx, event }: EventAccess, id: string): Promise<void> {
  const label = await repo.findLabel(db, event.id, id);
  if (!label) throw notFound();
  await db.transaction().execute(async (tx) => {
    await repo.deleteLabel(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}

/**
 * Checks label ids sent with a participant change: each a label of the event (else 400
 * 'Unknown label') and manual (else 400: rule labels follow their rules).
 */
export async function checkManualLabelIds(
  db: Db,
  eventId: string,
  ids: readonly string[],
  path: string,
): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const labels = await repo.labelsByIds(db, eventId, unique);
  if (labels.length !== unique.length) throw fieldsError({ [path]: ATTENDEE_MESSAGES.unknownLabel });
  if (labels.some((l) => l.type === 'RULE'))
    throw fieldsError({ [path]: ATTENDEE_MESSAGES.ruleLabelMembers });
  return unique;
}
