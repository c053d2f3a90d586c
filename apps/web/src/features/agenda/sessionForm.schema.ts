import {
  ACCESS_CONTROLS,
  createSessionSchema,
  sessionTimeIssues,
  sessionOutsideEventIssues,
  type EventDays,
  type AccessControl,
  type AudienceInput,
  type SessionStatus,
  type SessionType,
} from '@plenary/domain';
import type { SessionBody, SessionRow } from './api';

/**
 * The session form's values and their translation to the API's body. Pure: unit-tested in
 * sessionForm.test.ts. Dates 'YYYY-MM-DD' and times 'hh:mm AM/PM' are wall-clock in the event's
 * zone (the API turns them into instants with the event's zone).
 */
export interface SessionValues {
  name: string;
  description: string;
  type: SessionType;
  status: SessionStatus;
  accessControl: AccessControl;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  virtualLink: string;
  locationId: string | null;
  breakoutId: string | null;
  collectionIds: string[];
  speakerIds: string[];
  moderatorUserIds: string[];
  materialIds: string[];
  /** '' = unlimited. */
  capacity: string;
  enrollable: boolean;
  waitlist: boolean;
}

export type SessionErrors = Partial<Record<keyof SessionValues, string>>;

/** The form's fields in page order (the first invalid one gets the focus). */
export const FIELD_ORDER: readonly (keyof SessionValues)[] = [
  'name',
  'description',
  'type',
  'status',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'locationId',
  'virtualLink',
  'accessControl',
  'speakerIds',
  'moderatorUserIds',
  'breakoutId',
  'collectionIds',
  'materialIds',
  'capacity',
  'enrollable',
  'waitlist',
];

/** A stored session's values, or a new one's on `day` (the event's first day in its zone). */
export function sessionValues(record: SessionRow | null, day: string): SessionValues {
  if (!record)
    return {
      name: '',
      description: '',
      type: 'SESSION',
      status: 'PUBLISHED',
      accessControl: ACCESS_CONTROLS[0],
      startDate: day,
      startTime: '',
      endDate: day,
      endTime: '',
      virtualLink: '',
      locationId: null,
      breakoutId: null,
      collectionIds: [],
      speakerIds: [],
      moderatorUserIds: [],
      materialIds: [],
      capacity: '',
      enrollable: false,
      waitlist: true,
    };
  return {
    name: record.name,
    description: record.description,
    type: record.type,
    status: record.status,
    accessControl: record.accessControl,
    startDate: record.startDate,
    startTime: record.startTime,
    endDate: record.endDate,
    endTime: record.endTime,
    virtualLink: record.virtualLink ?? '',
    locationId: record.location?.id ?? null,
    breakoutId: record.breakout?.id ?? null,
    collectionIds: record.collections.map((c) => c.id),
    speakerIds: record.speakers.map((s) => s.participantId),
    moderatorUserIds: record.moderators.map((m) => m.userId),
    materialIds: record.materials.map((m) => m.id),
    capacity: record.capacity === null ? '' : String(record.capacity),
    enrollable: record.enrollable,
    waitlist: record.waitlist,
  };
}

/**
 * The API body, complete (a PATCH names every field). When the chosen breakout is enrollable its
 * rules apply (spec part 5 breakout message): the form then shows audience, capacity and
 * enrollment disabled, as stored, and sends them unchanged.
 */
export function sessionBody(v: SessionValues, audience: AudienceInput): SessionBody {
  const capacity = v.capacity.trim();
  return {
    name: v.name.trim(),
    description: v.description,
    type: v.type,
    status: v.status,
    accessControl: v.accessControl,
    startDate: v.startDate,
    startTime: v.startTime,
    endDate: v.endDate,
    endTime: v.endTime,
    virtualLink: v.virtualLink.trim() === '' ? null : v.virtualLink.trim(),
    locationId: v.locationId,
    breakoutId: v.breakoutId,
    collectionIds: v.collectionIds,
    speakerIds: v.speakerIds,
    moderatorUserIds: v.moderatorUserIds,
    materialIds: v.materialIds,
    audience,
    // Not a whole number ('1.5', '-1', 'x') goes as text, so the schema answers with its own message.
    capacity:
      capacity === '' ? null : /^\d+$/.test(capacity) ? Number(capacity) : (capacity as unknown as number),
    enrollable: v.enrollable,
    waitlist: v.waitlist,
  };
}

/**
 * Every message the API would give, on its field: the domain's session schema (required name,
 * 'Max length exceeded', URL, integer, date and 'hh:mm AM/PM' formats) and the spec part 5 order
 * messages of the four time fields, which show even while other fields are still wrong, and dates
 * outside the event's `days` (when known).
 */
export function validateSession(v: SessionValues, audience: AudienceInput, days?: EventDays): SessionErrors {
  const errors: SessionErrors = {};
  const parsed = createSessionSchema.safeParse(sessionBody(v, audience));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (
        typeof field === 'string' &&
        field !== 'audience' &&
        field in v &&
        !errors[field as keyof SessionValues]
      )
        errors[field as keyof SessionValues] = issue.message;
    }
  }
  for (const issue of sessionTimeIssues(v)) if (!errors[issue.path]) errors[issue.path] = issue.message;
  if (days)
    for (const issue of sessionOutsideEventIssues(v, days))
      if (!errors[issue.path]) errors[issue.path] = issue.message;
  return errors;
}

/** The API's `fields` answer → the form's fields (audience errors are the audience editor's). */
export function sessionErrorsFromApi(fields: Readonly<Record<string, string>>): SessionErrors {
  const errors: SessionErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split('.')[0]!;
    if (FIELD_ORDER.includes(field as keyof SessionValues) && !errors[field as keyof SessionValues])
      errors[field as keyof SessionValues] = message;
  }
  return errors;
}
