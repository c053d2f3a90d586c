import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { multiValueFilter, booleanFilter } from '../list-filters.js';
import { timestampSchema, updatedBySchema } from '../tenancy/common.js';
import { colorSchema } from '../tenancy/events.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';
import { urlSchema } from '../validation/url.js';
import { nonNegativeIntegerSchema } from '../validation/numbers.js';
import { audienceInputSchema, audienceSchema } from './audience.js';

/**
 * Content of an event's agenda: locations, materials, interactive maps (with pins), collections
 * (tracks) and breakouts. Routes under `events/{eventId}/…` — see apps/api/src/modules/content/README.md.
 */
export const CONTENT_NAME_MAX_LENGTH = 200;
export const CONTENT_DESCRIPTION_MAX_LENGTH = 5000;

const nameSchema = nameString(CONTENT_NAME_MAX_LENGTH);
const descriptionSchema = maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH);
const nullableUrl = z.union([urlSchema, z.literal('').transform(() => null), z.null()]);

/**
 * A person as lists show them: spec part 3 "createdBy is shown as a name". The e-mail only for the
 * event's admins (absent for participants and moderators).
 */
export const personNameSchema = z
  .object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string().optional() })
  .nullable();

/** Where a location, session or material is pinned: spec "usage-in-map text" = map name + pin name. */
export const pinUsageSchema = z.object({
  mapId: z.uuid(),
  mapName: z.string(),
  pinId: z.uuid(),
  pinName: z.string(),
});
export type PinUsage = z.output<typeof pinUsageSchema>;
export function usageInMapText(usage: Pick<PinUsage, 'mapName' | 'pinName'>): string {
  return `${usage.mapName} ${usage.pinName}`;
}

/** Who created a content record and when (creators shown by name: spec part 3). */
const created = { createdBy: personNameSchema, createdAt: timestampSchema, updatedAt: timestampSchema };
/** `created`, and who changed it last (the materials' last-modified text). */
const edited = {
  createdBy: personNameSchema,
  updatedBy: updatedBySchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

// ——— Locations ———
export const locationSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** A link to the place on a hosted map (import column "Map Location Url"). */
  mapLocationUrl: z.string().nullable(),
  /** A PDF map of the place (import column "Pdf Map"): a stored file's public URL. */
  pdfMapUrl: z.string().nullable(),
  /** Pins that point at this location, each with its map. */
  pins: z.array(pinUsageSchema),
  sessionCount: z.number().int(),
  ...edited,
});
export type LocationRecord = z.output<typeof locationSchema>;
export const createLocationSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  mapLocationUrl: nullableUrl.default(null),
});
// Update schemas list their fields without the create defaults: `.partial()` keeps a default, so a PATCH
// of one field would reset the others.
export const updateLocationSchema = z
  .object({ name: nameSchema, description: descriptionSchema, mapLocationUrl: nullableUrl })
  .partial();
export const LOCATION_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const locationListQuerySchema = listQuerySchema.extend({ mapId: z.uuid().optional() });

// ——— Materials ———
/** Spec part 5 file types (images, video, audio, PDF, PPT/PPTX), checked by content. */
export const MATERIAL_FILE_KINDS = ['image', 'video', 'audio', 'pdf', 'presentation'] as const;
/** Largest material upload (spec part 9 limit 100,000,000 bytes). */
export const MATERIAL_MAX_BYTES = 100_000_000;
export const materialSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  fileName: z.string(),
  /** A FileType of spec/files.ts: jpeg, png, mp4, m4v, mov, mp3, m4a, pdf, ppt, pptx. */
  fileType: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  pins: z.array(pinUsageSchema),
  sessionCount: z.number().int(),
  ...edited,
});
export type MaterialRecord = z.output<typeof materialSchema>;
/** Multipart: `file` plus these fields (POST); PATCH takes JSON, PUT …/file replaces the file. */
export const createMaterialSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
});
export const updateMaterialSchema = z.object({ name: nameSchema, description: descriptionSchema }).partial();
export const MATERIAL_SORT_FIELDS = ['name', 'fileType', 'fileSize', 'createdAt', 'updatedAt'] as const;
export const materialListQuerySchema = listQuerySchema.extend({
  fileType: multiValueFilter(z.string()).optional(),
});

/** Spec part 3: last-modified text = time and date, then the updater's first and last name. */
export function lastModifiedText(
  updatedAt: Date | string,
  updatedBy: { firstName: string; lastName: string } | null,
  format: (d: Date) => string,
): string {
  const when = format(new Date(updatedAt));
  const who = updatedBy ? `${updatedBy.firstName} ${updatedBy.lastName}`.trim() : '';
  return who ? `${when} ${who}` : when;
}

// ——— Interactive maps and pins ———
/** A floor plan: a PNG/JPEG image, or a PDF whose first page is the plan. */
export const MAP_FILE_TYPES = ['png', 'jpeg', 'pdf'] as const;
export const MAP_MAX_BYTES = 20_000_000;
export const PIN_TARGETS = ['LOCATION', 'SESSION', 'MATERIAL', 'NONE'] as const;
export type PinTarget = (typeof PIN_TARGETS)[number];

/** x and y are fractions of the plan's width and height (0..1), so pins stay put at any zoom. */
export const pinSchema = z.object({
  id: z.uuid(),
  mapId: z.uuid(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  color: z.string(),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  session: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  material: z.object({ id: z.uuid(), name: z.string(), url: z.string(), fileType: z.string() }).nullable(),
});
export type PinRecord = z.output<typeof pinSchema>;
const fraction = z.number().min(0).max(1);
export const createPinSchema = z.object({
  name: nameSchema,
  x: fraction,
  y: fraction,
  color: colorSchema.default('#e03131'),
  locationId: z.uuid().nullable().default(null),
  sessionId: z.uuid().nullable().default(null),
  materialId: z.uuid().nullable().default(null),
});
export const updatePinSchema = z
  .object({
    name: nameSchema,
    x: fraction,
    y: fraction,
    color: colorSchema,
    locationId: z.uuid().nullable(),
    sessionId: z.uuid().nullable(),
    materialId: z.uuid().nullable(),
  })
  .partial();

export const interactiveMapSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  fileType: z.enum(MAP_FILE_TYPES),
  url: z.string(),
  /** Pixel size of the image (of the PDF's first page as rendered at 1x, when the client reported it). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pinCount: z.number().int(),
  pins: z.array(pinSchema).optional(),
  ...edited,
});
export type InteractiveMapRecord = z.output<typeof interactiveMapSchema>;
/** Multipart `file` plus these fields (POST); PATCH takes JSON; PUT …/file replaces the plan. */
export const createInteractiveMapSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
});
export const updateInteractiveMapSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .partial();
export const MAP_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;

// ——— Collections (tracks) ———
export const collectionSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  /** Who sees the collection's sessions (on top of each session's own audience). Null for non-admins. */
  audience: audienceSchema.nullable(),
  /** Spec part 3: the count of the rules list. Null for non-admins. */
  rulesLength: z.number().int().nullable(),
  sessionCount: z.number().int(),
  ...created,
});
export type CollectionRecord = z.output<typeof collectionSchema>;
export const createCollectionSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  color: colorSchema.default('#1c7ed6'),
  audience: audienceInputSchema.default({ type: 'EVERYONE', labelIds: [], rules: [] }),
});
export const updateCollectionSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    color: colorSchema,
    audience: audienceInputSchema,
  })
  .partial();
export const COLLECTION_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;

// ——— Breakouts ———
/**
 * A group of sessions a participant picks one of. When `enrollable`, the breakout's audience and
 * per-session capacity replace the sessions' own (spec part 5 breakout message), and a
 * participant holds at most one of its sessions.
 */
export const breakoutSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  enrollable: z.boolean(),
  /** Seats per session of the breakout (null: unlimited, or each session's own when not enrollable). */
  capacity: z.number().int().nullable(),
  audience: audienceSchema,
  rulesLength: z.number().int(),
  sessions: z.array(
    z.object({ id: z.uuid(), name: z.string(), startAt: timestampSchema, enrolledCount: z.number().int() }),
  ),
  ...created,
});
export type BreakoutRecord = z.output<typeof breakoutSchema>;
export const createBreakoutSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  enrollable: z.boolean().default(true),
  capacity: nonNegativeIntegerSchema.nullable().default(null),
  audience: audienceInputSchema.default({ type: 'EVERYONE', labelIds: [], rules: [] }),
});
export const updateBreakoutSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    enrollable: z.boolean(),
    capacity: nonNegativeIntegerSchema.nullable(),
    audience: audienceInputSchema,
  })
  .partial();
export const BREAKOUT_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const breakoutListQuerySchema = listQuerySchema.extend({ enrollable: booleanFilter.optional() });

export const nullableUrlSchema = nullableUrl;

/** Texts of the content routes beyond AGENDA_MESSAGES (ours, not the spec's). */
export const CONTENT_MESSAGES = {
  fileMissing: 'Choose a file to upload',
  pdfOnly: 'The map of a location must be a PDF',
  unknownSession: 'Unknown session',
  imageSizeFixed: 'The size of an image map is read from the image',
  imageUnreadable: 'The image could not be read',
} as const;
