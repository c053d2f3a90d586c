import { z } from 'zod';
import { publicParticipantSchema } from '../attendees/participants.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { directoryFilterSchema, directoryViewSchema } from '../spec/directories.js';
import { timestampSchema } from '../tenancy/common.js';
import { requiredString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';

/**
 * Directories (issue 13, spec parts 2 and 9): an organiser configures views of the event's people
 * (console `/directories`); participants browse them (`/event/:eventId/directories/:directoryId`)
 * and open a person from one (directory sub-detail). Routes: apps/api/src/modules/networking/README.md.
 */

export const DIRECTORY_NAME_MAX_LENGTH = 200;
export const DIRECTORY_SESSIONS_MAX = 200;
export const DIRECTORY_LABELS_MAX = 100;
export const DIRECTORY_CUSTOM_FILTERS_MAX = 20;
export const DIRECTORY_CUSTOM_VALUES_MAX = 50;
export const DIRECTORY_CUSTOM_VALUE_MAX_LENGTH = 200;
export const DIRECTORY_POSITION_MAX = 10_000;

/** The order people are listed in (ties by the other name, then id). */
export const DIRECTORY_SORTS = ['LAST_NAME', 'FIRST_NAME', 'COMPANY'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const directorySortSchema = z.enum(DIRECTORY_SORTS);

/** Standard profile fields a directory may show besides the names (always shown). */
export const DIRECTORY_STANDARD_FIELDS = ['jobTitle', 'company', 'bio', 'photo'] as const;
export type DirectoryStandardField = (typeof DIRECTORY_STANDARD_FIELDS)[number];
export const DEFAULT_SHOWN_FIELDS: string[] = ['jobTitle', 'company', 'photo'];
/** A shown field: a standard field or the id of a custom field (one marked showInProfile shows). */
const uuidSchema = z.uuid();
const shownFieldSchema = z
  .string()
  .max(64, MESSAGES.pleaseSelectValue)
  .refine(
    (v) => (DIRECTORY_STANDARD_FIELDS as readonly string[]).includes(v) || uuidSchema.safeParse(v).success,
    { error: MESSAGES.pleaseSelectValue },
  );

export const DIRECTORY_MESSAGES = {
  /** SESSION_SPEAKERS without sessions. */
  sessionsRequired: 'Select at least one session',
  /** CUSTOM without labels or custom-field values. */
  customRequired: 'Select labels or custom-field values',
  /** A directory id of another event, or gone. */
  notFound: 'Directory not found',
} as const;

/** CUSTOM: a participant matches when the custom field holds one of the values (a selection: any of them). */
export const customFieldValueFilterSchema = z.object({
  fieldId: z.uuid(),
  values: z
    .array(requiredString(DIRECTORY_CUSTOM_VALUE_MAX_LENGTH))
    .min(1, MESSAGES.required)
    .max(DIRECTORY_CUSTOM_VALUES_MAX, MESSAGES.maxLength),
});
export type CustomFieldValueFilter = z.output<typeof customFieldValueFilterSchema>;

const directoryBody = z.object({
  name: nameString(DIRECTORY_NAME_MAX_LENGTH),
  view: directoryViewSchema.default('LIST_VIEW'),
  filter: directoryFilterSchema.default('ALL_PARTICIPANTS'),
  /** SESSION_SPEAKERS: the speakers of these sessions. */
  sessionIds: z.array(z.uuid()).max(DIRECTORY_SESSIONS_MAX, MESSAGES.maxLength).default([]),
  /** CUSTOM: participants with any of these labels … */
  labelIds: z.array(z.uuid()).max(DIRECTORY_LABELS_MAX, MESSAGES.maxLength).default([]),
  /** … and (each entry) one of the values of the custom field. */
  customFieldValues: z
    .array(customFieldValueFilterSchema)
    .max(DIRECTORY_CUSTOM_FILTERS_MAX, MESSAGES.maxLength)
    .default([]),
  shownFields: z
    .array(shownFieldSchema)
    .max(DIRECTORY_STANDARD_FIELDS.length + 100, MESSAGES.maxLength)
    .default(DEFAULT_SHOWN_FIELDS),
  sort: directorySortSchema.default('LAST_NAME'),
  position: z.number().int().min(0).max(DIRECTORY_POSITION_MAX).default(0),
});

function refineDirectory(
  d: {
    filter?: z.output<typeof directoryFilterSchema> | undefined;
    sessionIds?: string[] | undefined;
    labelIds?: string[] | undefined;
    customFieldValues?: CustomFieldValueFilter[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (d.filter === 'SESSION_SPEAKERS' && d.sessionIds && d.sessionIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['sessionIds'], message: DIRECTORY_MESSAGES.sessionsRequired });
  if (
    d.filter === 'CUSTOM' &&
    d.labelIds &&
    d.customFieldValues &&
    d.labelIds.length === 0 &&
    d.customFieldValues.length === 0
  )
    ctx.addIssue({ code: 'custom', path: ['labelIds'], message: DIRECTORY_MESSAGES.customRequired });
}

export const createDirectorySchema = directoryBody.superRefine(refineDirectory);
export type CreateDirectory = z.output<typeof createDirectorySchema>;
export type DirectoryInput = z.input<typeof createDirectorySchema>;

/** PATCH: any subset; the filter's arguments are checked against the resulting directory by the server. */
export const updateDirectorySchema = z.object({
  name: directoryBody.shape.name.optional(),
  view: directoryViewSchema.optional(),
  filter: directoryFilterSchema.optional(),
  sessionIds: directoryBody.shape.sessionIds.unwrap().optional(),
  labelIds: directoryBody.shape.labelIds.unwrap().optional(),
  customFieldValues: directoryBody.shape.customFieldValues.unwrap().optional(),
  shownFields: directoryBody.shape.shownFields.unwrap().optional(),
  sort: directorySortSchema.optional(),
  position: directoryBody.shape.position.unwrap().optional(),
});
export type UpdateDirectory = z.output<typeof updateDirectorySchema>;

/** The merged result of a PATCH must still satisfy the filter's needs. */
export const directoryRulesSchema = z.unknown().superRefine((d, ctx) => refineDirectory(d as never, ctx));

const ref = z.object({ id: z.uuid(), name: z.string() });

/** A directory as the console and the participant app read it. */
export const directorySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  view: directoryViewSchema,
  filter: directoryFilterSchema,
  sessionIds: z.array(z.uuid()),
  labelIds: z.array(z.uuid()),
  customFieldValues: z.array(customFieldValueFilterSchema),
  shownFields: z.array(z.string()),
  sort: directorySortSchema,
  position: z.number().int(),
  /** The sessions and labels named, for display (a deleted one is left out). */
  sessions: z.array(ref),
  labels: z.array(ref.extend({ color: z.string() })),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Directory = z.output<typeof directorySchema>;

/** The directories list (console and participants): search by name; filter by view or filter kind. */
export const directoryListQuerySchema = listQuerySchema.extend({
  view: multiValueFilter(directoryViewSchema).optional(),
  filter: multiValueFilter(directoryFilterSchema).optional(),
});

/**
 * A person in a directory: the public profile with only the fields the directory shows (others
 * empty: '' or null; custom fields only the shown ones marked showInProfile).
 */
export const directoryItemSchema = publicParticipantSchema;
export type DirectoryItem = z.output<typeof directoryItemSchema>;

/** The people of a directory: search by names and company; the directory's sort is the default. */
export const directoryItemsQuerySchema = listQuerySchema;

/** `GET|PUT …/participants/user-profile/privacy`: a hidden profile is listed nowhere and is 404 to other participants. */
export const profilePrivacySchema = z.object({ hidden: z.boolean() });
export type ProfilePrivacy = z.output<typeof profilePrivacySchema>;

/** Is this shown-field key a custom field id (not a standard field)? */
export const isCustomShownField = (key: string): boolean =>
  !(DIRECTORY_STANDARD_FIELDS as readonly string[]).includes(key);
