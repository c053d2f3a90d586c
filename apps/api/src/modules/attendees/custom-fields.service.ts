import {
  ATTENDEE_MESSAGES,
  CUSTOM_FIELDS_PER_EVENT_MAX,
  customFieldSettingsIssues,
  DEFAULT_CURRENCY_CODE,
  MESSAGES,
  type CreateCustomField,
  type CustomFieldRecord,
  type Rule,
  type UpdateCustomField,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import * as repo from './custom-fields.repo.js';
import { ruleLabelsUsingField } from './labels.repo.js';
import { recomputeRuleLabels } from './labels.service.js';

const ENTITY = 'custom-field';

export const listCustomFields = (db: Db, eventId: string) => repo.listFields(db, eventId);

export async function getCustomField(db: Db, eventId: string, id: string): Promise<CustomFieldRecord> {
  const field = await repo.findField(db, eventId, id);
  if (!field) throw notFound();
  return field;
}

async function assertNameFree(db: Db, eventId: string, name: string, exceptId?: string): Promise<void> {
  if (await repo.nameTaken(db, eventId, name, exceptId))
    throw conflict(`name: ${ATTENDEE_MESSAGES.fieldNameTaken}`, { name: ATTENDEE_MESSAGES.fieldNameTaken });
}

export async function createCustomField(
  db: Db,
  { ctx, event }: EventAccess,
  body: CreateCustomField,
): Promise<CustomFieldRecord> {
  await assertNameFree(db, event.id, body.name);
  if ((await repo.countFields(db, event.id)) >= CUSTOM_FIELDS_PER_EVENT_MAX)
    throw fieldsError({ name: MESSAGES.maxLength });
  const settings = {
    ...body.settings,
    ...(body.dataType === 'ENUM' ? {} : { isEnumMultiple: false, enumValues: [] }),
  };
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertField(tx, {
      eventId: event.id,
      name: body.name,
      dataType: body.dataType,
      settings: JSON.stringify(settings),
      editableByParticipant: body.editableByParticipant,
      showInProfile: body.showInProfile,
      currencyCode: body.dataType === 'CURRENCY' ? (body.currencyCode ?? DEFAULT_CURRENCY_CODE) : null,
      createdBy: ctx.actorId,
      updatedBy: ctx.actorId,
    });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getCustomField(db, event.id, id);
}

/**
 * Type changes are refused (409) while participants hold values for the field or rule labels use
 * it: values of one type are not values of another, and a conversion that guesses would change
 * data nobody looked at. Removing ENUM values that participants hold (or rules name) is refused
 * the same way. Single ↔ multiple select converts the stored values in the same transaction
 * (multiple → single only while nobody holds more than one), and rule labels on the field are
 * recomputed.
 */
export async function updateCustomField(
  db: Db,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateCustomField,
): Promise<CustomFieldRecord> {
  const field = await getCustomField(db, event.id, id);
  if (body.name !== undefined && body.name.toLowerCase() !== field.name.toLowerCase())
    await assertNameFree(db, event.id, body.name, id);
  const dataType = body.dataType ?? field.dataType;
  const typeChanged = dataType !== field.dataType;
  const settings = { ...field.settings, ...body.settings };
  if (dataType !== 'ENUM')
    Object.assign(settings, {
      isEnumMultiple: false,
      enumValues: typeChanged || body.settings?.enumValues === undefined ? [] : settings.enumValues,
    });
  if (typeChanged && dataType === 'ENUM' && body.settings?.enumValues === undefined) settings.enumValues = [];
  const issues = customFieldSettingsIssues({ dataType, settings });
  if (Object.keys(issues).length > 0) throw fieldsError(issues);

  const labels = await ruleLabelsUsingField(db, event.id, id);
  if (typeChanged && (labels.length > 0 || (await repo.countValues(db, event.id, id)) > 0)) {
    throw conflict(`dataType: ${ATTENDEE_MESSAGES.typeChangeRefused}`, {
      dataType: ATTENDEE_MESSAGES.typeChangeRefused,
    });
  }
  let conversion: 'toMultiple' | 'toSingle' | undefined;
  if (!typeChanged && dataType === 'ENUM') {
    const kept = new Set(settings.enumValues);
    const removed = field.settings.enumValues.filter((v) => !kept.has(v));
    if (removed.length > 0) {
      const inUse = (await repo.enumValuesInUse(db, event.id, id)).filter((v) => removed.includes(v));
      const inRules = labels.flatMap((l) =>
        (l.rules as Rule[])
          .filter((r) => r.field === id)
          .flatMap((r) => (Array.isArray(r.value) ? r.value : [String(r.value)])),
      );
      if (inUse.length > 0)
        throw conflict(`settings.enumValues: ${ATTENDEE_MESSAGES.enumValuesInUse}`, {
          'settings.enumValues': `${ATTENDEE_MESSAGES.enumValuesInUse}: ${inUse.join(', ')}`,
        });
      if (inRules.some((v) => removed.includes(v)))
        throw conflict(`settings.enumValues: ${ATTENDEE_MESSAGES.fieldUsedByLabels}`, {
          'settings.enumValues': ATTENDEE_MESSAGES.fieldUsedByLabels,
        });
    }
    if (settings.isEnumMultiple !== field.settings.isEnumMultiple) {
      if (!settings.isEnumMultiple && (await repo.countMultiValues(db, event.id, id)) > 0) {
        throw conflict(`settings.isEnumMultiple: ${ATTENDEE_MESSAGES.enumNotSingle}`, {
          'settings.isEnumMultiple': ATTENDEE_MESSAGES.enumNotSingle,
        });
      }
      conversion = settings.isEnumMultiple ? 'toMultiple' : 'toSingle';
    }
  }
  const currencyCode =
    dataType === 'CURRENCY' ? (body.currencyCode ?? field.currencyCode ?? DEFAULT_CURRENCY_CODE) : null;
  await db.transaction().execute(async (tx) => {
    await repo.updateField(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      dataType,
      settings: JSON.stringify(settings),
      ...(body.editableByParticipant !== undefined
        ? { editableByParticipant: body.editableByParticipant }
        : {}),
      ...(body.showInProfile !== undefined ? { showInProfile: body.showInProfile } : {}),
      currencyCode,
      updatedBy: ctx.actorId,
    });
    if (conversion === 'toMultiple') await repo.enumToMultiple(tx, event.id, id);
    if (conversion === 'toSingle') await repo.enumToSingle(tx, event.id, id);
    if (labels.length > 0) await recomputeRuleLabels(tx, event.id, { labelIds: labels.map((l) => l.id) });
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getCustomField(db, event.id, id);
}

/** Refused for built-in (special) fields and fields that rule labels use; otherwise the values go too. */
export async function deleteCustomField(db: Db, { ctx, event }: EventAccess, id: string): Promise<void> {
  const field = await getCustomField(db, event.id, id);
  if (field.settings.special) throw new HttpError(409, ATTENDEE_MESSAGES.specialField);
  const labels = await ruleLabelsUsingField(db, event.id, id);
  if (labels.length > 0)
    throw new HttpError(
      409,
      `${ATTENDEE_MESSAGES.fieldUsedByLabels}: ${labels.map((l) => l.name).join(', ')}`,
    );
  await db.transaction().execute(async (tx) => {
    await repo.stripValues(tx, event.id, id);
    await repo.deleteField(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}

/** `ids` must name every custom field of the event exactly once. */
export async function reorderCustomFields(
  db: Db,
  { ctx, event }: EventAccess,
  ids: string[],
): Promise<CustomFieldRecord[]> {
  const fields = await repo.listFields(db, event.id);
  const wanted = new Set(ids.map((i) => i.toLowerCase()));
  if (wanted.size !== ids.length || wanted.size !== fields.length || fields.some((f) => !wanted.has(f.id))) {
    throw fieldsError({ ids: ATTENDEE_MESSAGES.reorderMismatch });
  }
  await db.transaction().execute(async (tx) => {
    await repo.reorder(tx, event.id, ids);
    await audit(tx, ctx, 'update', ENTITY, event.id);
  });
  return repo.listFields(db, event.id);
}
