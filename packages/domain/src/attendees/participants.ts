import { z } from 'zod';
import { accountEmailSchema } from '../accounts/schemas.js';
import { listQuerySchema } from '../list.js';
import { booleanFilter, multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { dataTypeSchema } from '../spec/custom-fields.js';
import { timestampSchema } from '../tenancy/common.js';
import { EMAIL_MAX_LENGTH, isEmail } from '../validation/email.js';
import { nameString } from '../validation/text.js';
import {
  checkCustomFieldValues,
  customFieldSchema,
  customFieldValueSchema,
  customFieldValuesSchema,
  type CustomFieldDef,
  type CustomFieldValue,
} from './custom-fields.js';
import { PARTICIPANT_TEXT_LIMITS, PROFILE_TEXT_FIELDS, type ProfileTextField } from './fields.js';
import { ATTENDEE_MESSAGES } from './messages.js';
import { rulesQueryParamSchema } from './rules.js';

/** Most ids one bulk request takes (the JSON body stays well under the API's 2 MB). */
export const BULK_IDS_MAX = 10_000;
export const LABEL_IDS_MAX = 200;

const text = (field: ProfileTextField) =>
  z.string().trim().max(PARTICIPANT_TEXT_LIMITS[field], MESSAGES.maxLength);
const name = (field: 'firstName' | 'lastName') => nameString(PARTICIPANT_TEXT_LIMITS[field]);

/** The editable standard fields (names required when given). */
export const profileFieldsSchema = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  jobTitle: text('jobTitle'),
  company: text('company'),
  phone: text('phone'),
  bio: text('bio'),
});

export const participantLabelSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  type: z.enum(['MANUAL', 'RULE']),
});

/** A participant as admins see it. `customFields` maps custom field ids to values. */
export const participantSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  phone: z.string(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
  /** The account's e-mail address is confirmed (registration, or a used magic link). */
  emailVerified: z.boolean(),
  customFields: z.record(z.string(), customFieldValueSchema),
  labels: z.array(participantLabelSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ParticipantRecord = z.output<typeof participantSchema>;

/**
 * A custom-field value as other participants see it: the value with its field's name and type (and
 * the currency of CURRENCY fields), so a reader needs no field definitions of its own.
 */
export const publicCustomFieldValueSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dataType: dataTypeSchema,
  /** ISO 4217 code of CURRENCY fields; null for other types. */
  currencyCode: z.string().nullable(),
  value: customFieldValueSchema,
});
export type PublicCustomFieldValue = z.output<typeof publicCustomFieldValueSchema>;

/**
 * What other participants see (directory, public profile): no e-mail, phone or labels.
 * `customFields`: the values of the fields marked showInProfile that have one, in the event's field order.
 */
export const publicParticipantSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
  customFields: z.array(publicCustomFieldValueSchema),
});
export type PublicParticipant = z.output<typeof publicParticipantSchema>;

/** `POST …/participants`: an existing account (by e-mail) joins as is; a new address gets a new account. */
export const createParticipantSchema = profileFieldsSchema
  .partial({ jobTitle: true, company: true, phone: true, bio: true })
  .extend({
    email: accountEmailSchema.transform((v) => v.toLowerCase()),
    customFields: customFieldValuesSchema.optional(),
    /** Manual labels to add. */
    labelIds: z.array(z.uuid()).max(LABEL_IDS_MAX, MESSAGES.maxLength).optional(),
  });
export type CreateParticipant = z.output<typeof createParticipantSchema>;

/**
 * `PATCH …/participants/{id}`: any of the standard fields but the e-mail (the account's);
 * `customFields` merges (null clears one); `labelIds` replaces the participant's manual labels.
 */
export const updateParticipantSchema = profileFieldsSchema.partial().extend({
  customFields: customFieldValuesSchema.optional(),
  labelIds: z.array(z.uuid()).max(LABEL_IDS_MAX, MESSAGES.maxLength).optional(),
});
export type UpdateParticipant = z.output<typeof updateParticipantSchema>;

/** The changes of a bulk update; at least one. */
export const bulkPatchSchema = z
  .object({
    jobTitle: text('jobTitle'),
    company: text('company'),
    customFields: customFieldValuesSchema,
    addLabelIds: z.array(z.uuid()).max(LABEL_IDS_MAX, MESSAGES.maxLength),
    removeLabelIds: z.array(z.uuid()).max(LABEL_IDS_MAX, MESSAGES.maxLength),
  })
  .partial()
  .refine(
    (p) =>
      Object.values(p).some(
        (v) =>
          v !== undefined &&
          (!Array.isArray(v) || v.length > 0) &&
          !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
      ),
    ATTENDEE_MESSAGES.patchEmpty,
  );
export type BulkPatch = z.output<typeof bulkPatchSchema>;

export const bulkUpdateParticipantsSchema = z.object({
  ids: z.array(z.uuid()).min(1, MESSAGES.required).max(BULK_IDS_MAX, MESSAGES.maxLength),
  patch: bulkPatchSchema,
});
export const bulkUpdateResultSchema = z.object({ updated: z.number().int() });

/**
 * `GET …/participants`: search (name, e-mail, company), sort by any standard field or `cf_<hex>`,
 * and filters. Per custom field `cf_<hex>` (32 hex digits of its id):
 * `cf_<hex>=a,b` equals any of the values (ENUM: the selection includes any; BOOLEAN: true|false),
 * `cf_<hex>From` / `cf_<hex>To` inclusive range (NUMBER, CURRENCY, DATE, TIME).
 */
export const participantListQuerySchema = listQuerySchema.extend({
  /** Members of any of these labels. */
  labelId: multiValueFilter(z.uuid()).optional(),
  hasPhoto: booleanFilter.optional(),
  /** E-mail address confirmed. */
  verified: booleanFilter.optional(),
  /** JSON array of label rules (`{ field, operator, value }`), all of which must match. */
  rules: rulesQueryParamSchema.optional(),
});

/** Filters in a body (magic links to a filtered selection): the list's filters as an object. */
export const participantSelectionFilterSchema = z.object({
  search: z.string().trim().max(200, MESSAGES.maxLength).optional(),
  labelId: z.array(z.uuid()).max(LABEL_IDS_MAX, MESSAGES.maxLength).optional(),
  hasPhoto: z.boolean().optional(),
  verified: z.boolean().optional(),
  rules: z.array(z.unknown()).max(20, MESSAGES.maxLength).optional(),
});
export type ParticipantSelectionFilter = z.output<typeof participantSelectionFilterSchema>;

/** `GET …/participants/view` and `/chat-participants`: search and pages. */
/**
 * What participants may ask of the directory and chat lists: page, limit, search, sort. No label
 * filter: who holds a label is for admins only, and a filter would reveal it.
 */
export const participantDirectoryQuerySchema = listQuerySchema;

/** The admins' impersonation list may narrow to a label. */
export const impersonationListQuerySchema = listQuerySchema.extend({
  labelId: multiValueFilter(z.uuid()).optional(),
});

export const participantFilterOptionsSchema = z.object({
  labels: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      type: z.enum(['MANUAL', 'RULE']),
      memberCount: z.number().int(),
    }),
  ),
  customFields: z.array(
    customFieldSchema.pick({ id: true, key: true, name: true, dataType: true, settings: true }),
  ),
  hasPhoto: z.array(z.boolean()),
  verified: z.array(z.boolean()),
});

export const updateOptionsSchema = z.object({
  /** Fields a bulk update may set: jobTitle, company and every custom field. */
  fields: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      customFieldId: z.uuid().nullable(),
      dataType: customFieldSchema.shape.dataType,
      isEnumMultiple: z.boolean(),
      enumValues: z.array(z.string()),
    }),
  ),
  /** Labels a bulk update may add or remove (manual ones: rule labels follow their rules). */
  labels: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

export const checkUserQuerySchema = z.object({ email: accountEmailSchema.transform((v) => v.toLowerCase()) });
/** Does the address have an account, and is that account a participant of this event? Names are not revealed. */
export const checkUserResultSchema = z.object({
  email: z.string(),
  userExists: z.boolean(),
  isParticipant: z.boolean(),
  participantId: z.uuid().nullable(),
});

/** `POST …/map-user`: an existing account joins the event (by id or e-mail), with its names and photo. */
export const mapUserSchema = z.union([
  z.object({ userId: z.uuid() }).strict(),
  z.object({ email: accountEmailSchema.transform((v) => v.toLowerCase()) }).strict(),
]);

/** `POST …/map-participant-to-event`: a participant of another event the caller administers joins this one, profile copied. */
export const mapParticipantSchema = z.object({ participantId: z.uuid() });

export const extraReportsSchema = z.object({
  total: z.number().int(),
  withPhoto: z.number().int(),
  withoutPhoto: z.number().int(),
  verified: z.number().int(),
  unverified: z.number().int(),
  magicLinksSent: z.number().int(),
  magicLinksUsed: z.number().int(),
  byLabel: z.array(
    z.object({
      labelId: z.uuid(),
      name: z.string(),
      type: z.enum(['MANUAL', 'RULE']),
      count: z.number().int(),
    }),
  ),
});

export const impersonationCandidateSchema = z.object({
  participantId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
});

export const chatParticipantSchema = z.object({
  participantId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  photoUrl: z.string().nullable(),
});

/** `GET …/user-profile`: the caller's own participant and the custom fields the profile form shows. */
export const userProfileSchema = z.object({
  participant: participantSchema.omit({ labels: true }),
  /** Custom fields the participant may edit or that show in the profile (values of others are not included). */
  customFields: z.array(customFieldSchema.extend({ editable: z.boolean() })),
});

/** `POST …/user-profile`: one's own standard fields (not the e-mail) and the custom fields marked editableByParticipant. */
export const updateUserProfileSchema = profileFieldsSchema
  .partial()
  .extend({ customFields: customFieldValuesSchema.optional() });

export const availableFieldsDataQuerySchema = z.object({
  /** A standard field name, a custom field id or key. */
  field: z.string().trim().min(1, MESSAGES.required).max(64, MESSAGES.maxLength),
  search: z.string().trim().max(200, MESSAGES.maxLength).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const availableFieldsDataSchema = z.object({
  field: z.string(),
  values: z.array(
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Rows (the participants import)

/** One participant as an import gives it; absent fields are left as they are. */
export interface ParticipantRow {
  email: unknown;
  firstName?: unknown;
  lastName?: unknown;
  jobTitle?: unknown;
  company?: unknown;
  phone?: unknown;
  bio?: unknown;
  /** `{ <custom field id>: value }` (see customFieldValueFromCell for spreadsheet cells). */
  customFields?: Record<string, unknown> | undefined;
  labelIds?: unknown;
}

export interface NormalisedParticipantRow {
  email: string;
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  company?: string;
  phone?: string;
  bio?: string;
  customFields: Record<string, CustomFieldValue | null>;
  labelIds: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The API's rules for one participant row: e-mail required and valid; names required in 'create'
 * mode (a new participant) and never empty when given; text lengths; custom-field values by type
 * with the spec's messages (required custom fields in 'create' mode). Numbers in text fields (an
 * xlsx phone column) become text. Returns the normalised row, or per-field messages.
 */
export function checkParticipantRow(
  row: ParticipantRow,
  customFields: readonly CustomFieldDef[],
  mode: 'create' | 'update' = 'create',
): { ok: true; value: NormalisedParticipantRow } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
  const email = asText(row.email);
  let normalEmail = '';
  if (email === undefined || email === null || (typeof email === 'string' && email.trim() === ''))
    fields.email = MESSAGES.required;
  else if (typeof email !== 'string') fields.email = MESSAGES.invalidEmail;
  else if (email.trim().length > EMAIL_MAX_LENGTH) fields.email = MESSAGES.maxLength;
  else if (!isEmail(email.trim())) fields.email = MESSAGES.invalidEmail;
  else normalEmail = email.trim().toLowerCase();

  const value: NormalisedParticipantRow = { email: normalEmail, customFields: {}, labelIds: [] };
  for (const field of PROFILE_TEXT_FIELDS) {
    const raw = asText(row[field]);
    const isName = field === 'firstName' || field === 'lastName';
    if (raw === undefined || raw === null) {
      if (isName && mode === 'create') fields[field] = MESSAGES.required;
      continue;
    }
    if (typeof raw !== 'string') {
      fields[field] = MESSAGES.pleaseEnterValue;
      continue;
    }
    const v = raw.trim();
    if (isName && v === '') fields[field] = MESSAGES.required;
    else if (v.length > PARTICIPANT_TEXT_LIMITS[field]) fields[field] = MESSAGES.maxLength;
    else value[field] = v;
  }
  const custom = checkCustomFieldValues(customFields, row.customFields, mode);
  Object.assign(fields, custom.fields);
  value.customFields = custom.values;
  if (row.labelIds !== undefined && row.labelIds !== null) {
    if (
      !Array.isArray(row.labelIds) ||
      row.labelIds.length > LABEL_IDS_MAX ||
      row.labelIds.some((id) => typeof id !== 'string' || !UUID.test(id))
    ) {
      fields.labelIds = ATTENDEE_MESSAGES.unknownLabel;
    } else value.labelIds = [...new Set((row.labelIds as string[]).map((id) => id.toLowerCase()))];
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}
