import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T, string | T>;
/** A jsonb column with a database default. */
type JsonWithDefault<T> = ColumnType<T, string | T | undefined, string | T>;

export interface UsersTable {
  id: Generated<string>;
  email: string; // stored lower-cased
  passwordHash: string | null;
  firstName: Generated<string>;
  lastName: Generated<string>;
  photoUrl: string | null;
  userRole: Generated<'superadmin' | 'user'>;
  emailVerifiedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface OrganizationSettings {
  status: 'DRAFT' | 'PUBLISHED';
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  settings: Json<OrganizationSettings>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

/** An OpenID Connect provider, chosen at sign-in by the request's host. */
export interface SsoProvidersTable {
  id: Generated<string>;
  organizationId: string | null;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  hosts: string[];
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** A host a super admin approved for an organisation (its SSO hosts and e-mail links; migration 0012). */
export interface ApprovedHostsTable {
  /** `name` or `name:port`, lower case. */
  host: string;
  organizationId: string;
  approvedBy: string | null;
  createdAt: CreatedAt;
}

export interface EventHubsTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface EventsTable {
  id: Generated<string>;
  eventHubId: string;
  organizationId: string; // denormalised from the hub for tenant filters
  name: string;
  description: Generated<string>;
  startAt: Timestamp;
  endAt: Timestamp;
  timezone: Generated<string>;
  address: Generated<string>;
  primaryColor: Generated<string>;
  secondaryColor: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export type MembershipScope = 'organization' | 'eventHub' | 'event';
export type MembershipRole = 'admin' | 'moderator';

/** Admin and moderator roles. Participants are rows of `participants`. */
export interface MembershipsTable {
  id: Generated<string>;
  userId: string;
  scope: MembershipScope;
  scopeId: string;
  role: MembershipRole;
  createdAt: CreatedAt;
}

/**
 * One per event and account; the attendees area keeps the participant's profile in that event here
 * (migration 0004). `email` is the account's, copied in by a trigger; the other profile fields
 * start from the account's when not given.
 */
export interface ParticipantsTable {
  id: Generated<string>;
  eventId: string;
  userId: string;
  email: Generated<string>;
  firstName: Generated<string>;
  lastName: Generated<string>;
  jobTitle: Generated<string>;
  company: Generated<string>;
  phone: Generated<string>;
  bio: Generated<string>;
  photoUrl: string | null;
  /** Networking: a hidden profile is not listed, scanned into, messaged or booked (migration 0017). */
  profileHidden: Generated<boolean>;
  /** Custom-field values keyed by custom field id. */
  customFields: ColumnType<Record<string, string | number | boolean | string[]>, string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface CustomFieldsTable {
  id: Generated<string>;
  eventId: string;
  name: string;
  dataType: 'STRING' | 'BOOLEAN' | 'DATE' | 'NUMBER' | 'CURRENCY' | 'TIME' | 'PROFILE_LINK' | 'ENUM';
  settings: Json<{
    required: boolean;
    isCustomField: boolean;
    isEnumMultiple: boolean;
    enumValues: string[];
    special: boolean;
  }>;
  editableByParticipant: Generated<boolean>;
  showInProfile: Generated<boolean>;
  currencyCode: string | null;
  position: Generated<number>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface LabelsTable {
  id: Generated<string>;
  eventId: string;
  name: string;
  color: Generated<string>;
  type: 'MANUAL' | 'RULE';
  rules: Json<Array<{ field: string; operator: string; value: string | number | boolean | string[] }>>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface ParticipantLabelsTable {
  labelId: string;
  participantId: string;
  createdAt: CreatedAt;
}

export interface MagicLinksTable {
  id: Generated<string>;
  eventId: string;
  participantId: string;
  userId: string;
  tokenId: string;
  email: string;
  sentBy: string | null;
  sentAt: CreatedAt;
}

/** An invitation to an event for an account outside its organisation (migration 0011). */
export interface EventInvitationsTable {
  id: Generated<string>;
  eventId: string;
  userId: string;
  email: string;
  tokenHash: string;
  /** The profile fields the admin entered (`firstName`, `lastName`, `jobTitle`, …). */
  profile: JsonWithDefault<Record<string, string>>;
  customFields: JsonWithDefault<Record<string, string | number | boolean | string[]>>;
  labelIds: JsonWithDefault<string[]>;
  invitedBy: string | null;
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  userId: string;
  loginType: string;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: CreatedAt;
}

export type OneTimeTokenPurpose =
  'verify-email' | 'reset-password' | 'create-password' | 'magic-link' | 'moderator-link';

export interface OneTimeTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
  eventId: string | null;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface SsoStatesTable {
  state: string;
  providerId: string;
  codeVerifier: string;
  nonce: string;
  host: string;
  redirect: string | null;
  createdAt: CreatedAt;
}

export interface ThrottleTable {
  key: string;
  windowStart: Timestamp;
  count: number;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: CreatedAt;
}

/** E-mail log (migration 0025): every queued e-mail, secrets redacted, with its delivery status. */
/** Communications (0024): campaigns, their recipients per channel, the send-rate buckets. */
export interface CommunicationsTable {
  id: Generated<string>;
  eventId: string;
  channels: ColumnType<string[], string[], string[]>;
  subject: string;
  body: string;
  link: ColumnType<CommunicationLinkJson, string | undefined, string>;
  audience: ColumnType<CommunicationAudienceJson, string | undefined, string>;
  schedule: Generated<'NOW' | 'DATE_AND_TIME'>;
  sendDate: string | null;
  sendTime: string | null;
  scheduledAt: Date | null;
  status: Generated<'PENDING_TO_SCHEDULE' | 'SCHEDULED' | 'SENDING' | 'SENT' | 'PAUSED' | 'FAILED'>;
  statusReason: string | null;
  origin: string | null;
  frozenVars: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  recipientCount: number | null;
  errorBaseline: Generated<number>;
  doneBaseline: Generated<number>;
  startedAt: Date | null;
  sentAt: Date | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
export interface CommunicationLinkJson {
  type: 'NONE' | 'SESSION' | 'FEED' | 'CHAT' | 'URL';
  sessionId: string | null;
  url: string | null;
}
export interface CommunicationAudienceJson {
  type: 'EVERYONE' | 'LABELS' | 'RULES' | 'SESSIONS' | 'PEOPLE';
  labelIds: string[];
  rules: unknown[];
  sessionIds: string[];
  participantIds: string[];
}
export interface CommunicationRecipientsTable {
  id: Generated<string>;
  communicationId: string;
  eventId: string;
  participantId: string;
  channel: 'NOTIFICATION' | 'EMAIL';
  status: Generated<'QUEUED' | 'SENDING' | 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED'>;
  email: Generated<string>;
  vars: ColumnType<Record<string, string>, string | undefined, string>;
  attempts: Generated<number>;
  leaseUntil: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
  emailLogId: string | null;
  sentAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
export interface CommunicationSendRateTable {
  transport: string;
  second: string;
  used: number;
  granted: number;
}

export interface EmailLogTable {
  id: Generated<string>;
  eventId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  category: 'SYSTEM' | 'CAMPAIGN' | 'TEST';
  communicationId: string | null;
  status: ColumnType<
    'QUEUED' | 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED',
    'QUEUED' | 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED' | undefined,
    'QUEUED' | 'SENT' | 'DEFERRED' | 'FAILED' | 'BOUNCED'
  >;
  error: string | null;
  queuedAt: CreatedAt;
  sentAt: Timestamp | null;
}

export interface AppVersionsTable {
  id: Generated<string>;
  platform: 'iOS' | 'Android';
  version: string;
  isRequired: boolean;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface ViewSettingsTable {
  userId: string;
  tableKey: string;
  settings: Json<{ columns: string[]; order: string[]; pageSize: number }>;
  updatedAt: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actorId: string | null;
  impersonatedUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  requestId: string | null;
  createdAt: CreatedAt;
}

/** A data import (modules/imports). */
export interface ImportsTable {
  id: Generated<string>;
  eventId: string;
  tableName: string;
  fileName: string;
  fileType: 'csv' | 'xlsx';
  fileSize: number;
  fileKey: string | null;
  status:
    'UPLOADED' | 'VERIFYING' | 'VERIFIED' | 'INVALID' | 'IMPORTING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  headers: Json<string[]>;
  /** [column key, header] pairs: an object's `cf_…` keys would be camel-cased by the CamelCasePlugin. */
  mapping: Json<Array<[string, string | null]>>;
  suggestedMapping: Json<Array<[string, string | null]>>;
  phase: 'verify' | 'commit' | null;
  progressDone: Generated<number>;
  progressTotal: number | null;
  rowCount: number | null;
  validCount: Generated<number>;
  errorCount: Generated<number>;
  createdCount: Generated<number>;
  updatedCount: Generated<number>;
  skippedCount: Generated<number>;
  skipInvalidRows: Generated<boolean>;
  message: string | null;
  runId: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  verifiedAt: Timestamp | null;
  completedAt: Timestamp | null;
}

/** A good row of an import's last verify (staging for commit). */
export interface ImportRowsTable {
  importId: string;
  rowNumber: number;
  key: string;
  data: Json<Record<string, unknown>>;
  createErrors: Json<Record<string, string>> | null;
  cells: Json<Array<[string, string]>> | null;
}

/** A row of an import with errors. */
export interface ImportErrorsTable {
  importId: string;
  rowNumber: number;
  cells: Json<Array<[string, string]>>;
  errors: Json<
    Array<{ column: string | null; header: string | null; value: string | null; message: string }>
  >;
}

/** An API process's heartbeat (platform/job-recovery.ts, migration 0013). */
export interface WorkerProcessesTable {
  id: string;
  startedAt: CreatedAt;
  beatAt: CreatedAt;
}

/** Which process runs which run of a pg-boss job (job id and its retry count). */
export interface JobOwnersTable {
  jobId: string;
  queue: string;
  retryCount: number;
  processId: string;
  startedAt: CreatedAt;
}

/** A creating POST's answer, stored under its Idempotency-Key (platform/idempotency.ts). */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
  claimId: string;
  /** NULL while the first request is in flight. */
  statusCode: number | null;
  contentType: string | null;
  responseBody: string | null;
  createdAt: CreatedAt;
  expiresAt: Date;
}

/** An audience of spec part 3 (sessions, breakouts, collections): see domain agenda/audience.ts. */
export interface AudienceJson {
  type: 'EVERYONE' | 'LABELS' | 'RULES';
  labelIds: string[];
  rules: Array<{ field: string; operator: string; value: string | number | boolean | string[] }>;
}

interface Authored {
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface LocationsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  mapLocationUrl: string | null;
  pdfMapKey: string | null;
}

export interface MaterialsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: ColumnType<string, number | string, number | string>;
}

export interface InteractiveMapsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  fileKey: string;
  fileType: 'png' | 'jpeg' | 'pdf';
  width: number | null;
  height: number | null;
}

export interface MapPinsTable {
  id: Generated<string>;
  mapId: string;
  name: string;
  x: number;
  y: number;
  color: Generated<string>;
  locationId: string | null;
  sessionId: string | null;
  materialId: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface CollectionsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  color: Generated<string>;
  audience: JsonWithDefault<AudienceJson>;
}

export interface BreakoutsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  enrollable: Generated<boolean>;
  capacity: number | null;
  audience: JsonWithDefault<AudienceJson>;
}

export interface SessionsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  type: Generated<'SESSION' | 'KEYNOTE' | 'PANEL' | 'WORKSHOP' | 'NETWORKING' | 'BREAK'>;
  status: Generated<'DRAFT' | 'PUBLISHED'>;
  accessControl: Generated<'OPEN' | 'ENROLLED_ONLY'>;
  startAt: Timestamp;
  endAt: Timestamp;
  virtualLink: string | null;
  locationId: string | null;
  breakoutId: string | null;
  audience: JsonWithDefault<AudienceJson>;
  capacity: number | null;
  enrollable: Generated<boolean>;
  waitlist: Generated<boolean>;
  enrolledCount: Generated<number>;
  waitlistedCount: Generated<number>;
  attendedCount: Generated<number>;
}

export interface SessionSpeakersTable {
  sessionId: string;
  participantId: string;
  position: Generated<number>;
}

export interface SessionModeratorsTable {
  sessionId: string;
  userId: string;
}

export interface SessionCollectionsTable {
  sessionId: string;
  collectionId: string;
}

export interface SessionMaterialsTable {
  sessionId: string;
  materialId: string;
  position: Generated<number>;
}

export interface EnrollmentsTable {
  sessionId: string;
  participantId: string;
  eventId: string;
  state: 'ENROLLED' | 'WAITLISTED';
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  createdBy: string | null;
  /** Waitlist order (a sequence, taken at insert): positions and promotions go by it. */
  queuedSeq: Generated<number>;
}

export interface SessionBookmarksTable {
  userId: string;
  sessionId: string;
  eventId: string;
  createdAt: CreatedAt;
}

export interface SessionCheckInsTable {
  sessionId: string;
  participantId: string;
  eventId: string;
  method: 'QR' | 'ADMIN';
  checkedInAt: CreatedAt;
  checkedInBy: string | null;
}

/** The outbox of domain events (platform/domain-events.ts). */
export interface DomainEventsTable {
  seq: Generated<number>;
  id: string;
  name: string;
  version: number;
  payload: unknown;
  occurredAt: CreatedAt;
  dispatchedAt: Date | null;
}

/** Which handler has run its effects for which event (the idempotency of subscribers). */
export interface ProcessedEventsTable {
  handler: string;
  eventId: string;
  processedAt: CreatedAt;
}

export interface EngagementOptionJson {
  id: string;
  label: string;
}

export interface EngagementToolsTable extends Authored {
  id: Generated<string>;
  eventId: string;
  type: 'DOCUMENT' | 'QUIZ' | 'SURVEY' | 'POLL' | 'QA';
  name: string;
  description: Generated<string>;
  anonymity: Generated<'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS'>;
  /** The domain's ToolSettings (parse with toolSettingsSchema: older rows may lack newer keys). */
  settings: JsonWithDefault<Record<string, unknown>>;
  audience: JsonWithDefault<AudienceJson>;
  materialId: string | null;
}

export interface EngagementQuestionsTable {
  id: Generated<string>;
  toolId: string;
  eventId: string;
  position: number;
  type: 'TEXTBOX' | 'RADIOBOX' | 'CHECKBOX' | 'LINEAR_SCALE' | 'TEXT_FIELD';
  text: string;
  required: Generated<boolean>;
  options: JsonWithDefault<EngagementOptionJson[]>;
  scaleMax: number | null;
  scaleMinLabel: Generated<string>;
  scaleMaxLabel: Generated<string>;
  correctOptionIds: JsonWithDefault<string[]>;
  points: Generated<number>;
  timeLimitSec: Generated<number>;
}

export interface EngagementToolSessionsTable {
  toolId: string;
  sessionId: string;
  eventId: string;
}

export interface EngagementInstancesTable {
  id: Generated<string>;
  toolId: string;
  sessionId: string;
  eventId: string;
  status: Generated<'OPEN' | 'CLOSED' | 'SCHEDULED'>;
  opensAt: Timestamp | null;
  closesAt: Timestamp | null;
  openedAt: Timestamp | null;
  closedAt: Timestamp | null;
  quizPhase: Generated<'LOBBY' | 'QUESTION' | 'LEADERBOARD' | 'FINISHED'>;
  quizQuestionIndex: number | null;
  quizStartedAt: Timestamp | null;
  quizDeadline: Timestamp | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface EngagementAnswersTable {
  id: Generated<string>;
  instanceId: string;
  questionId: string;
  eventId: string;
  participantId: string;
  optionIds: JsonWithDefault<string[]>;
  text: string | null;
  word: string | null;
  value: number | null;
  anonymous: Generated<boolean>;
  correct: boolean | null;
  points: Generated<number>;
  elapsedMs: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface QaQuestionsTable {
  id: Generated<string>;
  instanceId: string;
  eventId: string;
  participantId: string;
  text: string;
  originalText: string | null;
  anonymous: Generated<boolean>;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  starred: Generated<boolean>;
  highlighted: Generated<boolean>;
  answered: Generated<boolean>;
  upvoteCount: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface QaUpvotesTable {
  questionId: string;
  participantId: string;
  createdAt: CreatedAt;
}

export interface QaRepliesTable {
  id: Generated<string>;
  questionId: string;
  eventId: string;
  authorUserId: string | null;
  text: string;
  createdAt: CreatedAt;
}

export interface ModerationDecisionsTable {
  id: Generated<string>;
  questionId: string;
  instanceId: string;
  eventId: string;
  action: string;
  byUserId: string | null;
  at: CreatedAt;
  beforeText: string | null;
  afterText: string | null;
}

/** Business-card exchange (migration 0020): one request per ordered pair of participants. */
export interface BusinessCardRequestsTable {
  id: Generated<string>;
  eventId: string;
  fromParticipantId: string;
  toParticipantId: string;
  note: Generated<string>;
  status: ColumnType<'PENDING' | 'ACCEPTED' | 'DECLINED', 'PENDING' | 'ACCEPTED' | 'DECLINED' | undefined>;
  createdAt: CreatedAt;
  respondedAt: Timestamp | null;
}

/** Mutual contacts after an accepted exchange: two rows (owner → contact), the owner's private note. */
export interface BusinessCardContactsTable {
  eventId: string;
  ownerParticipantId: string;
  contactParticipantId: string;
  requestId: string | null;
  note: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Gamification (migration 0026): a game of an event, with teams, tasks, badges and its ledger. */
export type GameMode = 'INDIVIDUAL' | 'TEAM';
export type GameScoring = 'TOTAL_POINTS' | 'WEIGHTED_POINTS';
export type GameTaskKind =
  | 'SURVEY'
  | 'QUIZ'
  | 'ACTIVITY_FEED'
  | 'QA'
  | 'VIEW_DOCUMENT'
  | 'ATTEND_SESSION'
  | 'REGISTER_SESSION'
  | 'POPULATE_PROFILE'
  | 'REGISTRATION_FORM'
  | 'SIGN_UP_FOR_MEETING'
  | 'DOWNLOAD_APP'
  | 'SCAN_QR'
  | 'BUSINESS_CARD_EXCHANGE';

export interface GamesTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  mode: ColumnType<GameMode, GameMode | undefined>;
  scoring: ColumnType<GameScoring, GameScoring | undefined>;
  teamSource: ColumnType<'LABELS' | 'MANUAL', 'LABELS' | 'MANUAL' | undefined>;
  teamAggregate: ColumnType<'SUM' | 'MEAN' | 'TOP_K', 'SUM' | 'MEAN' | 'TOP_K' | undefined>;
  teamTopK: Generated<number>;
  /** Null: from the first moment; awards before it are refused. */
  startsAt: Timestamp | null;
  /** The cut-off; null: no cut-off. */
  endsAt: Timestamp | null;
  excludedLabelIds: Generated<string[]>;
  leaderboardSize: Generated<number>;
  isPublished: Generated<boolean>;
}

export interface GameTeamsTable {
  id: Generated<string>;
  gameId: string;
  name: string;
  /** LABELS teams: the label whose holders are the team; MANUAL teams: null (members listed). */
  labelId: string | null;
  position: Generated<number>;
  createdAt: CreatedAt;
}

export interface GameTeamMembersTable {
  gameId: string;
  teamId: string;
  participantId: string;
}

export interface GameTasksTable extends Authored {
  id: Generated<string>;
  gameId: string;
  eventId: string;
  kind: GameTaskKind;
  type: 'COMPLETION' | 'TYPE_POINTS';
  name: string;
  description: Generated<string>;
  target: ColumnType<'ANY' | 'SPECIFIC', 'ANY' | 'SPECIFIC' | undefined>;
  targetIds: Generated<string[]>;
  /** COMPLETION: paid once when the task is done. */
  points: Generated<number>;
  /** TYPE_POINTS: paid per sub-task (per distinct target done). */
  pointsPerSubTask: number | null;
  /** TYPE_POINTS: the most a player can earn from the task; null: no limit. */
  tasksPointsLimit: number | null;
  /** WEIGHTED_POINTS: the task's weight in hundredths (150 = ×1.5). */
  weightPercent: Generated<number>;
  position: Generated<number>;
}

export interface GameBadgesTable extends Authored {
  id: Generated<string>;
  gameId: string;
  eventId: string;
  name: string;
  description: Generated<string>;
  icon: Generated<string>;
  color: Generated<string>;
  /** Earned when every one of these tasks is complete. */
  taskIds: Generated<string[]>;
  position: Generated<number>;
}

export interface GameAssignedPointsTable {
  id: Generated<string>;
  gameId: string;
  eventId: string;
  participantId: string;
  taskId: string | null;
  points: number;
  reason: string;
  importId: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
}

export interface GameTaskProgressTable {
  gameId: string;
  taskId: string;
  participantId: string;
  /** The target done (a session id, a QR code id…); '' for boolean tasks. */
  targetKey: string;
  doneAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One row per award: unique per (game, player, task, target), or per assigned-points row. */
export interface GameLedgerTable {
  id: Generated<string>;
  gameId: string;
  eventId: string;
  participantId: string;
  taskId: string | null;
  assignedId: string | null;
  targetKey: Generated<string>;
  points: number;
  sourceEventId: string | null;
  awardedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GameBadgeAwardsTable {
  badgeId: string;
  gameId: string;
  participantId: string;
  earnedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GameOptOutsTable {
  gameId: string;
  participantId: string;
  createdAt: CreatedAt;
}

/** A participant's app installation (the PWA running installed), once per event: DOWNLOAD_APP tasks. */
export interface AppInstallsTable {
  eventId: string;
  participantId: string;
  platform: Generated<string>;
  installedAt: CreatedAt;
}

/** Custom QR codes (migration 0027). */
export interface CustomQrCodesTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  description: Generated<string>;
  points: Generated<number>;
}

/** Who scanned which code: one row per participant and code. */
export interface QrScansTable {
  id: Generated<string>;
  eventId: string;
  codeType: 'CUSTOM_QR_CODE' | 'SESSION_QR_CODE';
  codeId: string;
  participantId: string;
  via: ColumnType<'APP' | 'EXTERNAL', 'APP' | 'EXTERNAL' | undefined>;
  scanCount: Generated<number>;
  firstScannedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastScannedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Directories (migration 0019): an organiser's configured view of the event's people. */
export interface DirectoriesTable extends Authored {
  id: Generated<string>;
  eventId: string;
  name: string;
  view: 'LIST_VIEW' | 'GRID' | 'CAROUSEL' | 'PILL';
  filter:
    | 'ALL_PARTICIPANTS'
    | 'ALL_SPEAKERS'
    | 'SESSION_SPEAKERS'
    | 'CUSTOM'
    | 'BUSINESS_CARD_EXCHANGED'
    | 'USERS_AVAILABLE_FOR_MEETINGS';
  sessionIds: string[];
  labelIds: string[];
  customFieldValues: JsonWithDefault<Array<{ fieldId: string; values: string[] }>>;
  shownFields: string[];
  sort: 'LAST_NAME' | 'FIRST_NAME' | 'COMPANY';
  position: number;
}

// meetings (0018)
export interface MeetingSettingsTable {
  eventId: string;
  requestQuota: Generated<number>;
  updatedAt: Generated<Date>;
  updatedBy: string | null;
}

export interface MeetingWindowsTable {
  id: Generated<string>;
  eventId: string;
  /** The event-zone day, 'YYYY-MM-DD' (read back as a string: see the select). */
  day: ColumnType<string, string, string>;
  startTime: string;
  endTime: string;
  startsAt: Timestamp;
  endsAt: Timestamp;
  slotMinutes: number;
  meetingPoints: JsonWithDefault<string[]>;
  bookableBy: JsonWithDefault<{ type: 'EVERYONE' | 'LABELS'; labelIds: string[] }>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface MeetingAvailabilityTable {
  eventId: string;
  participantId: string;
  createdAt: CreatedAt;
}

/** Web Push subscriptions: one per browser (endpoint unique), re-pointed at whoever subscribes it last. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  userId: string;
  eventId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** A participant's in-app inbox: every communication and reminder they received. */
export interface InboxItemsTable {
  id: Generated<string>;
  eventId: string;
  participantId: string;
  communicationId: string | null;
  title: string;
  body: Generated<string>;
  url: Generated<string>;
  createdAt: CreatedAt;
  readAt: Date | null;
}

export interface ReminderSettingsTable {
  eventId: string;
  enabled: Generated<boolean>;
  minutesBefore: Generated<number>;
  updatedAt: Generated<Date>;
}

/** Reminders already sent: the key (kind, item, participant) makes each go out once. */
export interface RemindersSentTable {
  kind: 'SESSION' | 'MEETING';
  itemId: string;
  participantId: string;
  eventId: string;
  sentAt: Generated<Date>;
}

export interface MeetingsTable {
  id: Generated<string>;
  eventId: string;
  windowId: string;
  requesterId: string;
  inviteeId: string;
  awaitingId: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  status: Generated<'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED'>;
  message: Generated<string>;
  meetingPoint: string | null;
  bookedBy: Generated<'PARTICIPANT' | 'ADMIN'>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface MeetingSlotHoldsTable {
  eventId: string;
  participantId: string;
  startsAt: Timestamp;
  meetingId: string;
}

// activity feed (0022)
export interface FeedSettingsTable {
  eventId: string;
  approvalRequired: Generated<boolean>;
  updatedAt: Generated<Date>;
}

export interface FeedPostsTable {
  id: Generated<string>;
  eventId: string;
  authorUserId: string;
  participantId: string | null;
  text: Generated<string>;
  status: Generated<'PENDING' | 'APPROVED' | 'HIDDEN'>;
  announcement: Generated<boolean>;
  pinnedAt: Date | null;
  likeCount: Generated<number>;
  commentCount: Generated<number>;
  reportCount: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface FeedImagesTable {
  id: Generated<string>;
  eventId: string;
  uploaderUserId: string;
  postId: string | null;
  position: Generated<number>;
  url: string;
  createdAt: CreatedAt;
}

export interface FeedCommentsTable {
  id: Generated<string>;
  postId: string;
  eventId: string;
  authorUserId: string;
  participantId: string | null;
  text: string;
  createdAt: CreatedAt;
}

export interface FeedLikesTable {
  postId: string;
  userId: string;
  createdAt: CreatedAt;
}

export interface FeedReportsTable {
  id: Generated<string>;
  postId: string;
  reporterUserId: string;
  reason: string;
  createdAt: CreatedAt;
}

/** Chat (migration 0021): the organiser's settings per event. */
export interface ChatSettingsTable {
  eventId: string;
  enabled: Generated<boolean>;
  sessionChats: Generated<boolean>;
  groupMemberCap: Generated<number>;
  updatedAt: Generated<Date>;
  updatedBy: string | null;
}

export interface ChatConversationsTable {
  id: Generated<string>;
  eventId: string;
  kind: 'DIRECT' | 'GROUP' | 'SESSION';
  name: string | null;
  sessionId: string | null;
  pairKey: string | null;
  createdBy: string | null;
  lastSeq: Generated<number>;
  lastMessageAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface ChatMembersTable {
  conversationId: string;
  participantId: string;
  eventId: string;
  lastReadSeq: Generated<number>;
  joinedAt: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  conversationId: string;
  eventId: string;
  seq: number;
  senderId: string | null;
  text: string;
  clientId: string | null;
  hidden: Generated<boolean>;
  hiddenBy: string | null;
  hiddenAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface ChatBlocksTable {
  blockerId: string;
  blockedId: string;
  eventId: string;
  createdAt: CreatedAt;
}

export interface ChatBlacklistTable {
  participantId: string;
  eventId: string;
  createdBy: string | null;
  createdAt: CreatedAt;
}

export interface ChatReportsTable {
  id: Generated<string>;
  messageId: string;
  eventId: string;
  reporterId: string;
  reason: string;
  status: Generated<'OPEN' | 'HIDDEN' | 'DISMISSED'>;
  resolvedBy: string | null;
  resolvedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  ssoProviders: SsoProvidersTable;
  approvedHosts: ApprovedHostsTable;
  eventHubs: EventHubsTable;
  events: EventsTable;
  memberships: MembershipsTable;
  participants: ParticipantsTable;
  authSessions: AuthSessionsTable;
  oneTimeTokens: OneTimeTokensTable;
  ssoStates: SsoStatesTable;
  throttle: ThrottleTable;
  mailOutbox: MailOutboxTable;
  appVersions: AppVersionsTable;
  viewSettings: ViewSettingsTable;
  auditLog: AuditLogTable;
  customFields: CustomFieldsTable;
  labels: LabelsTable;
  participantLabels: ParticipantLabelsTable;
  magicLinks: MagicLinksTable;
  eventInvitations: EventInvitationsTable;
  imports: ImportsTable;
  importRows: ImportRowsTable;
  importErrors: ImportErrorsTable;
  idempotencyKeys: IdempotencyKeysTable;
  locations: LocationsTable;
  materials: MaterialsTable;
  interactiveMaps: InteractiveMapsTable;
  mapPins: MapPinsTable;
  collections: CollectionsTable;
  breakouts: BreakoutsTable;
  sessions: SessionsTable;
  sessionSpeakers: SessionSpeakersTable;
  sessionModerators: SessionModeratorsTable;
  sessionCollections: SessionCollectionsTable;
  sessionMaterials: SessionMaterialsTable;
  enrollments: EnrollmentsTable;
  sessionCheckIns: SessionCheckInsTable;
  sessionBookmarks: SessionBookmarksTable;
  engagementTools: EngagementToolsTable;
  engagementQuestions: EngagementQuestionsTable;
  engagementToolSessions: EngagementToolSessionsTable;
  engagementInstances: EngagementInstancesTable;
  engagementAnswers: EngagementAnswersTable;
  qaQuestions: QaQuestionsTable;
  qaUpvotes: QaUpvotesTable;
  qaReplies: QaRepliesTable;
  moderationDecisions: ModerationDecisionsTable;
  // ── networking (issue 13): each part adds its tables on its own line(s) below ──
  // meetings (0018)
  meetingSettings: MeetingSettingsTable;
  meetingWindows: MeetingWindowsTable;
  meetingAvailability: MeetingAvailabilityTable;
  meetings: MeetingsTable;
  meetingSlotHolds: MeetingSlotHoldsTable;
  // directories (0019)
  directories: DirectoriesTable;
  // business cards (0020)
  businessCardRequests: BusinessCardRequestsTable;
  businessCardContacts: BusinessCardContactsTable;
  // chat (0021)
  chatSettings: ChatSettingsTable;
  chatConversations: ChatConversationsTable;
  chatMembers: ChatMembersTable;
  chatMessages: ChatMessagesTable;
  chatBlocks: ChatBlocksTable;
  chatBlacklist: ChatBlacklistTable;
  chatReports: ChatReportsTable;
  // activity feed (0022)
  feedSettings: FeedSettingsTable;
  feedPosts: FeedPostsTable;
  feedImages: FeedImagesTable;
  feedComments: FeedCommentsTable;
  feedLikes: FeedLikesTable;
  feedReports: FeedReportsTable;
  workerProcesses: WorkerProcessesTable;
  jobOwners: JobOwnersTable;
  domainEvents: DomainEventsTable;
  processedEvents: ProcessedEventsTable;
  // ── communications (issue 14) ──
  // push and inbox (0023)
  pushSubscriptions: PushSubscriptionsTable;
  inboxItems: InboxItemsTable;
  reminderSettings: ReminderSettingsTable;
  remindersSent: RemindersSentTable;
  // communications (0024)
  communications: CommunicationsTable;
  communicationRecipients: CommunicationRecipientsTable;
  communicationSendRate: CommunicationSendRateTable;
  // e-mail log (0025)
  emailLog: EmailLogTable;
  // ── gamification (issue 15) ──
  // games (0026)
  games: GamesTable;
  gameTeams: GameTeamsTable;
  gameTeamMembers: GameTeamMembersTable;
  gameTasks: GameTasksTable;
  gameBadges: GameBadgesTable;
  gameAssignedPoints: GameAssignedPointsTable;
  gameTaskProgress: GameTaskProgressTable;
  gameLedger: GameLedgerTable;
  gameBadgeAwards: GameBadgeAwardsTable;
  gameOptOuts: GameOptOutsTable;
  appInstalls: AppInstallsTable;
  // custom QR codes (0027)
  customQrCodes: CustomQrCodesTable;
  qrScans: QrScansTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
export type EventHub = Selectable<EventHubsTable>;
export type EventRow = Selectable<EventsTable>;
