import type { z } from 'zod';
import {
  ATTENDEE_MESSAGES,
  checkCustomFieldValues,
  customFieldKey,
  isProfileComplete,
  operatorsFor,
  PARTICIPANT_SORT_FIELDS,
  PROFILE_TEXT_FIELDS,
  resolveField,
  STANDARD_FIELD_LABELS,
  STANDARD_FIELDS,
  type availableFieldsDataSchema,
  type checkUserResultSchema,
  type extraReportsSchema,
  type participantFilterOptionsSchema,
  type updateOptionsSchema,
  type userProfileSchema,
  type AvailableField,
  type BulkPatch,
  type CreateParticipant,
  type CustomFieldDef,
  type CustomFieldRecord,
  type ParticipantInvited,
  type ParticipantRecord,
  type ProfileTextField,
  type PublicParticipant,
  type UpdateParticipant,
} from '@plenary/domain';
import { canAdminEvent, isSuperAdmin } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import { publishIfProfileCompleted } from './profile-completion.js';
import type { Db } from '../../platform/db/index.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { auditMany } from '../../platform/audit.repo.js';
import { removeWithHoldings, type RemovalDeps } from './participant-removal.js';
import { allowed as eventAllows, type EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { isInOrganization } from './invitations.repo.js';
import { inviteInTransaction, type InviteDeps } from './invitations.service.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import * as labelsRepo from './labels.repo.js';
import { checkManualLabelIds, recomputeRuleLabels } from './labels.service.js';
import {
  findParticipant,
  findParticipantByUser,
  findPublicProfile,
  type DirectoryScope,
} from './participants.list.js';
import * as repo from './participants.repo.js';

const ENTITY = 'participant';

export async function getParticipant(db: Db, eventId: string, id: string): Promise<ParticipantRecord> {
  const record = await findParticipant(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

const profileOf = (body: Partial<Record<ProfileTextField, string | undefined>>): repo.ProfilePatch =>
  Object.fromEntries(PROFILE_TEXT_FIELDS.flatMap((f) => (body[f] === undefined ? [] : [[f, body[f]]])));

function checkValues(
  fields: readonly CustomFieldDef[],
  values: Record<string, unknown> | undefined,
  mode: 'create' | 'update',
  allowed?: (f: CustomFieldDef) => boolean,
) {
  const check = checkCustomFieldValues(fields, values, mode, allowed);
  if (Object.keys(check.fields).length > 0) throw fieldsError(check.fields);
  return check.values;
}

/** Field names (standard) and custom field ids a change touches: rule labels naming none of them stay as they are. */
const changedFields = (profile: repo.ProfilePatch, custom: Record<string, unknown> | undefined) => [
  ...Object.keys(profile),
  ...Object.keys(custom ?? {}),
];

/**
 * Whether the caller may see and add the account: super admins any, other admins only accounts
 * already in the event's organisation (docs/SECURITY.md 3.7). Outside accounts are answered like
 * unknown ones (check-user, map-user) or invited (create).
 */
async function mayPullIn(db: Db, { ctx, event }: EventAccess, userId: string): Promise<boolean> {
  return isSuperAdmin(ctx.principal) || isInOrganization(db, event.organizationId, userId);
}

/**
 * A participant by e-mail: an existing account of the organisation joins as it is (its names,
 * password and other events untouched; the profile in this event comes from the request); a new
 * address gets a new account without a password (sign-in by magic link). An account outside the
 * organisation is not added: it gets an invitation with this profile (`{ invited: true }`), and
 * joins when the person accepts. 409 when the address is already a participant.
 */
export async function createParticipant(
  deps: InviteDeps,
  access: EventAccess,
  body: CreateParticipant,
): Promise<ParticipantRecord | ParticipantInvited> {
  const { db } = deps;
  const { ctx, event } = access;
  const fields = asDefs(await listFields(db, event.id));
  const values = checkValues(fields, body.customFields, 'create');
  const labelIds = await checkManualLabelIds(db, event.id, body.labelIds ?? [], 'labelIds');
  const customFields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as Record<
    string,
    NonNullable<(typeof values)[string]>
  >;
  const id = await db.transaction().execute(async (tx) => {
    let user = await repo.findUserByEmail(tx, body.email);
    if (user && !(await mayPullIn(tx, access, user.id))) {
      const invitee = {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        profile: profileOf(body),
        customFields,
        labelIds,
      };
      await inviteInTransaction(tx, deps, event, { ...ctx, host: ctx.host }, [invitee]);
      return 'invited' as const;
    }
    if (!user) {
      const userId = await repo.insertUser(tx, ctx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
      });
      user = userId ? await repo.findUserById(tx, userId) : await repo.findUserByEmail(tx, body.email);
      if (!user) throw new Error('could not create the account');
    }
    const id = await repo.insertParticipant(tx, {
      eventId: event.id,
      userId: user.id,
      profile: profileOf(body),
      photoUrl: user.photoUrl,
      customFields,
      updatedBy: ctx.actorId,
    });
    if (!id)
      throw conflict(`email: ${ATTENDEE_MESSAGES.alreadyParticipant}`, {
        email: ATTENDEE_MESSAGES.alreadyParticipant,
      });
    await labelsRepo.addMembers(tx, labelIds, [id]);
    await recomputeRuleLabels(tx, event.id, { participantIds: [id] });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  if (id === 'invited') {
    deps.mail.wake();
    return { invited: true, email: body.email };
  }
  return getParticipant(db, event.id, id);
}

export async function updateParticipant(
  db: Db,
  { ctx, event }: EventAccess,
  id: string,
  body: UpdateParticipant,
): Promise<ParticipantRecord> {
  await getParticipant(db, event.id, id);
  const fields = asDefs(await listFields(db, event.id));
  const values = checkValues(fields, body.customFields, 'update');
  const labelIds =
    body.labelIds === undefined
      ? undefined
      : await checkManualLabelIds(db, event.id, body.labelIds, 'labelIds');
  const profile = profileOf(body);
  await db.transaction().execute(async (tx) => {
    await repo.updateParticipants(tx, event.id, [id], { profile, customFields: values }, ctx.actorId);
    if (labelIds !== undefined) await labelsRepo.setManualLabels(tx, id, labelIds);
    await recomputeRuleLabels(tx, event.id, { participantIds: [id], fields: changedFields(profile, values) });
    await audit(tx, ctx, 'update', ENTITY, id);
  });
  return getParticipant(db, event.id, id);
}

/** Removes the participant from the event (labels, magic links follow); the account stays. */
export async function removeParticipant(
  deps: RemovalDeps,
  { ctx, event }: EventAccess,
  id: string,
): Promise<void> {
  const { db } = deps;
  const { userId } = await getParticipant(db, event.id, id);
  // Their session places go first (counters exact, the waitlist moves up), under locks that keep
  // a racing enroll or import from adding one the delete would cascade away (agenda places.service.ts).
  const removed = await removeWithHoldings(deps, ctx.host, event.id, id, async (tx) => {
    await repo.deleteParticipant(tx, event.id, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
  if (!removed) throw notFound();
  await deps.realtime.accessChanged(userId);
}

/**
 * One change for many participants in one transaction: standard fields and custom fields set
 * (null clears), manual labels added or removed, rule labels recomputed for them, an audit row
 * each. Ids that are not participants of the event are skipped; `updated` counts the others.
 */
export async function bulkUpdate(
  db: Db,
  { ctx, event }: EventAccess,
  ids: string[],
  patch: BulkPatch,
): Promise<{ updated: number }> {
  const fields = asDefs(await listFields(db, event.id));
  const values = checkValues(fields, patch.customFields, 'update');
  const add = await checkManualLabelIds(db, event.id, patch.addLabelIds ?? [], 'patch.addLabelIds');
  const remove = await checkManualLabelIds(db, event.id, patch.removeLabelIds ?? [], 'patch.removeLabelIds');
  const profile = profileOf(patch);
  return db.transaction().execute(async (tx) => {
    const found = await labelsRepo.participantIdsOfEvent(tx, event.id, [...new Set(ids)]);
    if (found.length === 0) return { updated: 0 };
    await repo.updateParticipants(tx, event.id, found, { profile, customFields: values }, ctx.actorId);
    await labelsRepo.addMembers(tx, add, found);
    await labelsRepo.removeMembers(tx, remove, found);
    await recomputeRuleLabels(tx, event.id, {
      participantIds: found,
      fields: changedFields(profile, values),
    });
    await auditMany(tx, ctx, 'update', found);
    return { updated: found.length };
  });
}

// ---------------------------------------------------------------------------------------------
// Options and fields

export async function filterOptions(
  db: Db,
  eventId: string,
): Promise<z.output<typeof participantFilterOptionsSchema>> {
  const [labels, fields] = await Promise.all([repo.labelOptions(db, eventId), listFields(db, eventId)]);
  return {
    labels,
    customFields: fields.map((f) => ({
      id: f.id,
      key: f.key,
      name: f.name,
      dataType: f.dataType,
      settings: f.settings,
    })),
    hasPhoto: [true, false],
    verified: [true, false],
  };
}

export async function updateOptions(db: Db, eventId: string): Promise<z.output<typeof updateOptionsSchema>> {
  const [labels, fields] = await Promise.all([
    labelsRepo.labelsOfEvent(db, eventId, 'MANUAL'),
    listFields(db, eventId),
  ]);
  return {
    fields: [
      ...(['jobTitle', 'company'] as const).map((key) => ({
        key,
        name: STANDARD_FIELD_LABELS[key],
        customFieldId: null,
        dataType: 'STRING' as const,
        isEnumMultiple: false,
        enumValues: [],
      })),
      ...fields.map((f) => ({
        key: f.key,
        name: f.name,
        customFieldId: f.id,
        dataType: f.dataType,
        isEnumMultiple: f.settings.isEnumMultiple,
        enumValues: f.settings.enumValues,
      })),
    ],
    labels: labels.map((l) => ({ id: l.id, name: l.name })),
  };
}

export function availableFields(fields: readonly CustomFieldRecord[]): AvailableField[] {
  const standard = STANDARD_FIELDS.map((key): AvailableField => ({
    key,
    name: STANDARD_FIELD_LABELS[key],
    source: 'standard',
    customFieldId: null,
    dataType: 'STRING',
    isEnumMultiple: false,
    enumValues: [],
    required: key === 'email' || key === 'firstName' || key === 'lastName',
    operators: [...operatorsFor('STRING')],
    sortable: (PARTICIPANT_SORT_FIELDS as readonly string[]).includes(key),
    filterable: true,
    exportable: true,
    editableByParticipant: key !== 'email',
    showInProfile: !['email', 'phone'].includes(key),
  }));
  const custom = fields.map((f): AvailableField => ({
    key: f.key,
    name: f.name,
    source: 'custom',
    customFieldId: f.id,
    dataType: f.dataType,
    isEnumMultiple: f.settings.isEnumMultiple,
    enumValues: f.settings.enumValues,
    required: f.settings.required,
    operators: [...operatorsFor(f.dataType)],
    sortable: true,
    filterable: true,
    exportable: true,
    editableByParticipant: f.editableByParticipant,
    showInProfile: f.showInProfile,
  }));
  return [...standard, ...custom];
}

export async function availableFieldsData(
  db: Db,
  eventId: string,
  query: { field: string; search?: string | undefined; limit: number },
): Promise<z.output<typeof availableFieldsDataSchema>> {
  const ref = resolveField(query.field, asDefs(await listFields(db, eventId)));
  if (!ref) throw fieldsError({ field: ATTENDEE_MESSAGES.unknownField });
  const values = await repo.fieldValues(db, eventId, ref, query);
  return { field: ref.kind === 'standard' ? ref.field : customFieldKey(ref.field.id), values };
}

export async function extraReports(db: Db, eventId: string): Promise<z.output<typeof extraReportsSchema>> {
  const [counts, labels] = await Promise.all([
    repo.reportCounts(db, eventId),
    repo.labelOptions(db, eventId),
  ]);
  return {
    ...counts,
    withoutPhoto: counts.total - counts.withPhoto,
    unverified: counts.total - counts.verified,
    byLabel: labels.map((l) => ({ labelId: l.id, name: l.name, type: l.type, count: l.memberCount })),
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts joining the event

/** An account outside the organisation answers exactly like an unknown address (mayPullIn). */
export async function checkUser(
  db: Db,
  access: EventAccess,
  email: string,
): Promise<z.output<typeof checkUserResultSchema>> {
  const found = await repo.findUserByEmail(db, email);
  const user = found && (await mayPullIn(db, access, found.id)) ? found : undefined;
  const participantId = user ? await repo.participantIdOfUser(db, access.event.id, user.id) : undefined;
  return {
    email,
    userExists: user !== undefined,
    isParticipant: participantId !== undefined,
    participantId: participantId ?? null,
  };
}

/** Adds an account to the event (profile from the account). An account that already participates answers its participant (`created: false`). */
async function join(
  db: Db,
  { ctx, event }: EventAccess,
  user: { id: string; firstName: string; lastName: string; photoUrl: string | null },
  profile: repo.ProfilePatch,
): Promise<{ participant: ParticipantRecord; created: boolean }> {
  const existing = await repo.participantIdOfUser(db, event.id, user.id);
  if (existing) return { participant: await getParticipant(db, event.id, existing), created: false };
  const id = await db.transaction().execute(async (tx) => {
    const id = await repo.insertParticipant(tx, {
      eventId: event.id,
      userId: user.id,
      profile,
      photoUrl: user.photoUrl,
      customFields: {},
      updatedBy: ctx.actorId,
    });
    if (!id) return undefined;
    await recomputeRuleLabels(tx, event.id, { participantIds: [id] });
    await audit(tx, ctx, 'create', ENTITY, id);
    return id;
  });
  const participantId = id ?? (await repo.participantIdOfUser(db, event.id, user.id));
  if (!participantId) throw new Error('participant vanished');
  return { participant: await getParticipant(db, event.id, participantId), created: id !== undefined };
}

export async function mapUser(db: Db, access: EventAccess, by: { userId: string } | { email: string }) {
  const found =
    'userId' in by ? await repo.findUserById(db, by.userId) : await repo.findUserByEmail(db, by.email);
  // An account outside the organisation is answered exactly like an unknown one (mayPullIn).
  const user = found && (await mayPullIn(db, access, found.id)) ? found : undefined;
  if (!user)
    throw new HttpError(404, ATTENDEE_MESSAGES.noUser, {
      ['userId' in by ? 'userId' : 'email']: ATTENDEE_MESSAGES.noUser,
    });
  return join(db, access, user, { firstName: user.firstName, lastName: user.lastName });
}

/** A participant of another event the caller administers joins this one; its profile (not custom fields or labels) is copied. */
export async function mapParticipantToEvent(db: Db, access: EventAccess, participantId: string) {
  const source = await repo.findParticipantWithEvent(db, participantId);
  if (
    !source ||
    !canAdminEvent(access.ctx.principal, {
      id: source.eventId,
      eventHubId: source.eventHubId,
      organizationId: source.organizationId,
    })
  ) {
    throw new HttpError(404, `participantId: ${ATTENDEE_MESSAGES.unknownField}`, {
      participantId: 'Not found',
    });
  }
  if (source.eventId === access.event.id)
    throw fieldsError({ participantId: ATTENDEE_MESSAGES.sourceSameEvent });
  return join(
    db,
    access,
    { id: source.userId, firstName: source.firstName, lastName: source.lastName, photoUrl: source.photoUrl },
    profileOf(source),
  );
}

// ---------------------------------------------------------------------------------------------
// What participants see

/** What the directory and public profiles read: the event and its fields shown in profiles. */
export async function directoryScope(db: Db, eventId: string): Promise<DirectoryScope> {
  const publicFields = (await listFields(db, eventId))
    .filter((f) => f.showInProfile)
    .map(({ id, name, dataType, currencyCode }) => ({ id, name, dataType, currencyCode }));
  return { eventId, publicFields };
}

/**
 * A public profile; a hidden one (issue 13 privacy) only for its owner and the event's staff
 * (admins and moderators), 404 to other participants.
 */
export async function publicProfile(
  db: Db,
  { ctx, event }: EventAccess,
  userId: string,
): Promise<PublicParticipant> {
  const includeHidden = userId === ctx.principal.userId || eventAllows(ctx.principal, event, 'read');
  const profile = await findPublicProfile(db, await directoryScope(db, event.id), userId, includeHidden);
  if (!profile) throw notFound();
  return profile;
}

const editable = (fields: readonly CustomFieldRecord[]) =>
  new Set(fields.filter((f) => f.editableByParticipant).map((f) => f.id));

export async function userProfile(
  db: Db,
  { ctx, event }: EventAccess,
): Promise<z.output<typeof userProfileSchema>> {
  const participant = await findParticipantByUser(db, event.id, ctx.principal.userId);
  if (!participant) throw notFound(ATTENDEE_MESSAGES.notParticipant);
  const fields = (await listFields(db, event.id)).filter((f) => f.editableByParticipant || f.showInProfile);
  const visible = new Set(fields.map((f) => f.id));
  const { labels: _labels, ...rest } = participant;
  return {
    participant: {
      ...rest,
      customFields: Object.fromEntries(
        Object.entries(participant.customFields).filter(([id]) => visible.has(id)),
      ),
    },
    customFields: fields.map((f) => ({ ...f, editable: f.editableByParticipant })),
  };
}

/** One's own profile in the event: standard fields but the e-mail, and custom fields marked editableByParticipant. */
export async function updateUserProfile(
  db: Db,
  access: EventAccess,
  body: Partial<Record<ProfileTextField, string>> & { customFields?: Record<string, unknown> | undefined },
): Promise<z.output<typeof userProfileSchema>> {
  const { ctx, event } = access;
  const participant = await findParticipantByUser(db, event.id, ctx.principal.userId);
  if (!participant) throw notFound(ATTENDEE_MESSAGES.notParticipant);
  const records = await listFields(db, event.id);
  const canEdit = editable(records);
  const values = checkValues(asDefs(records), body.customFields, 'update', (f) => canEdit.has(f.id));
  const profile = profileOf(body);
  await db.transaction().execute(async (tx) => {
    await repo.updateParticipants(
      tx,
      event.id,
      [participant.id],
      { profile, customFields: values },
      ctx.actorId,
    );
    await recomputeRuleLabels(tx, event.id, {
      participantIds: [participant.id],
      fields: changedFields(profile, values),
    });
    await audit(tx, ctx, 'update', ENTITY, participant.id);
    await publishIfProfileCompleted(tx, ctx, event.id, participant.id, isProfileComplete(participant));
  });
  return userProfile(db, access);
}
