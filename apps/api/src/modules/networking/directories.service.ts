import {
  ATTENDEE_MESSAGES,
  DIRECTORY_MESSAGES,
  DIRECTORY_STANDARD_FIELDS,
  isCustomShownField,
  MESSAGES,
  type CreateDirectory,
  type Directory,
  type DirectoryStandardField,
  type ProfilePrivacy,
  type UpdateDirectory,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import { allowed, type EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { listFields, participantIdOfUser } from '../attendees/index.js';
import type { ItemsScope } from './directories-items.repo.js';
import * as privacyRepo from './directories-privacy.repo.js';
import * as repo from './directories.repo.js';

const ENTITY = 'directory';

/** The directories' scope of a caller: staff (admins, moderators) see the filters' arguments. */
export const directoryScope = ({ ctx, event }: EventAccess): repo.DirectoryScope => ({
  eventId: event.id,
  staff: allowed(ctx.principal, event, 'read'),
});

export async function getDirectory(db: Db, scope: repo.DirectoryScope, id: string): Promise<Directory> {
  const record = await repo.directoryList.byId(db, scope, id);
  if (!record) throw notFound(DIRECTORY_MESSAGES.notFound);
  return record;
}

/**
 * The filter's arguments must be the event's: sessions, labels, custom fields ('Please select value'
 * on the field otherwise), shown custom fields too; the filter's needs (sessions for
 * SESSION_SPEAKERS, labels or values for CUSTOM) on the resulting directory.
 */
async function checkValues(db: Db, eventId: string, v: repo.DirectoryValues): Promise<void> {
  const fields: Record<string, string> = {};
  const sessions = new Set(await repo.sessionIdsOfEvent(db, eventId, [...new Set(v.sessionIds)]));
  const badSession = v.sessionIds.findIndex((id) => !sessions.has(id));
  if (badSession >= 0) fields[`sessionIds.${badSession}`] = MESSAGES.pleaseSelectValue;
  const labels = new Set(await repo.labelIdsOfEvent(db, eventId, [...new Set(v.labelIds)]));
  const badLabel = v.labelIds.findIndex((id) => !labels.has(id));
  if (badLabel >= 0) fields[`labelIds.${badLabel}`] = MESSAGES.pleaseSelectValue;
  const customIds = new Set((await listFields(db, eventId)).map((f) => f.id));
  const badField = v.customFieldValues.findIndex((f) => !customIds.has(f.fieldId));
  if (badField >= 0) fields[`customFieldValues.${badField}.fieldId`] = MESSAGES.pleaseSelectValue;
  const badShown = v.shownFields.findIndex((k) => isCustomShownField(k) && !customIds.has(k));
  if (badShown >= 0) fields[`shownFields.${badShown}`] = MESSAGES.pleaseSelectValue;
  if (v.filter === 'SESSION_SPEAKERS' && v.sessionIds.length === 0)
    fields.sessionIds = DIRECTORY_MESSAGES.sessionsRequired;
  if (v.filter === 'CUSTOM' && v.labelIds.length === 0 && v.customFieldValues.length === 0)
    fields.labelIds = DIRECTORY_MESSAGES.customRequired;
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

function valuesOf(body: CreateDirectory): repo.DirectoryValues {
  return {
    name: body.name,
    view: body.view,
    filter: body.filter,
    sessionIds: unique(body.sessionIds),
    labelIds: unique(body.labelIds),
    customFieldValues: body.customFieldValues.map((f) => ({ fieldId: f.fieldId, values: unique(f.values) })),
    shownFields: unique(body.shownFields),
    sort: body.sort,
    position: body.position,
  };
}

export async function createDirectory(
  db: Db,
  { ctx, event }: EventAccess,
  body: CreateDirectory,
): Promise<Directory> {
  const values = valuesOf(body);
  await checkValues(db, event.id, values);
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertDirectory(tx, event.id, values, ctx.actorId);
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  return getDirectory(db, { eventId: event.id, staff: true }, id);
}

/** PATCH: the fields given; the result is checked as a whole. */
export async function updateDirectory(
  db: Db,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateDirectory,
): Promise<Directory> {
  const current = await repo.findDirectory(db, event.id, id);
  if (!current) throw notFound(DIRECTORY_MESSAGES.notFound);
  const { id: _id, eventId: _eventId, ...rest } = current;
  const merged: repo.DirectoryValues = { ...rest };
  for (const [key, value] of Object.entries(body))
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  const values = valuesOf(merged as CreateDirectory);
  await checkValues(db, event.id, values);
  await db.transaction().execute(async (tx) => {
    if (!(await repo.findDirectory(tx, event.id, id, true))) throw notFound(DIRECTORY_MESSAGES.notFound);
    await repo.updateDirectory(tx, id, values, ctx.actorId);
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getDirectory(db, { eventId: event.id, staff: true }, id);
}

export async function deleteDirectory(db: Db, { ctx, event }: EventAccess, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.findDirectory(tx, event.id, id, true))) throw notFound(DIRECTORY_MESSAGES.notFound);
    await repo.deleteDirectory(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}

/**
 * What a page of a directory's people reads: the directory, the viewer's participant (their
 * contacts), the standard fields shown and the shown custom fields that are marked showInProfile.
 */
export async function itemsScope(
  db: Db,
  { ctx, event }: EventAccess,
  directoryId: string,
): Promise<{ scope: ItemsScope; directory: repo.DirectoryRow }> {
  const [directory, viewerParticipantId, customFields] = await Promise.all([
    repo.findDirectory(db, event.id, directoryId),
    participantIdOfUser(db, event.id, ctx.principal.userId),
    listFields(db, event.id),
  ]);
  if (!directory) throw notFound(DIRECTORY_MESSAGES.notFound);
  const shown = new Set(directory.shownFields);
  const show = Object.fromEntries(DIRECTORY_STANDARD_FIELDS.map((f) => [f, shown.has(f)])) as Record<
    DirectoryStandardField,
    boolean
  >;
  return {
    directory,
    scope: {
      eventId: event.id,
      directory,
      viewerParticipantId: viewerParticipantId ?? null,
      show,
      customFields: customFields
        .filter((f) => f.showInProfile && shown.has(f.id))
        .map(({ id, name, dataType, currencyCode }) => ({ id, name, dataType, currencyCode })),
    },
  };
}

/** The caller's privacy in the event (404 when they are no participant of it). */
export async function getPrivacy(db: Db, { ctx, event }: EventAccess): Promise<ProfilePrivacy> {
  const row = await privacyRepo.findPrivacy(db, event.id, ctx.principal.userId);
  if (!row) throw notFound(ATTENDEE_MESSAGES.notParticipant);
  return { hidden: row.hidden };
}

export async function setPrivacy(
  db: Db,
  { ctx, event }: EventAccess,
  body: ProfilePrivacy,
): Promise<ProfilePrivacy> {
  return db.transaction().execute(async (tx) => {
    const row = await privacyRepo.findPrivacy(tx, event.id, ctx.principal.userId);
    if (!row) throw notFound(ATTENDEE_MESSAGES.notParticipant);
    if (row.hidden !== body.hidden) {
      await privacyRepo.setHidden(tx, row.id, body.hidden);
      await audit(tx, ctx, 'update', 'participant-privacy', row.id);
    }
    return { hidden: body.hidden };
  });
}
