import { z } from 'zod';
import { audienceSchema } from '../agenda/audience.js';
import { rulesInputSchema } from '../attendees/rules.js';
import { SESSION_DATE_FORMAT } from '../agenda/times.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import {
  COMMUNICATION_KINDS,
  COMMUNICATION_STATUSES,
  communicationKindSchema,
  communicationScheduleSchema,
} from '../spec/communications.js';
import { timestampSchema } from '../tenancy/common.js';
import { dateForFormatSchema, timeFormatSchema } from '../validation/date.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString, visibleText } from '../validation/text.js';
import { urlSchema } from '../validation/url.js';

/**
 * Communications (campaigns) of an event, console `/communication`: a push notification, an
 * e-mail, or both (channels), with a subject (push title), a body, an optional link, an audience
 * and a schedule. Routes: apps/api/src/modules/communications/README.md (campaigns section).
 */

/** The spec's two statuses plus the delivery ones. */
export const CAMPAIGN_STATUSES = [...COMMUNICATION_STATUSES, 'SENDING', 'SENT', 'PAUSED', 'FAILED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);

/** Channels: the spec's kinds (NOTIFICATION = push + inbox item, EMAIL). */
export const CAMPAIGN_CHANNELS = COMMUNICATION_KINDS;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const campaignChannelSchema = communicationKindSchema;

/** Per recipient and channel. */
export const DELIVERY_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'DEFERRED', 'FAILED', 'BOUNCED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

export const CAMPAIGN_SUBJECT_MAX_LENGTH = 200;
export const CAMPAIGN_BODY_MAX_LENGTH = 10_000;
export const CAMPAIGN_PEOPLE_MAX = 5_000;

export const CAMPAIGN_MESSAGES = {
  unknownPlaceholder: (name: string) => `Unknown placeholder {${name}}`,
  sessionNameNeedsSession: 'The {sessionName} placeholder needs a link to a session',
  notEditable: 'This communication can no longer be changed: sending has started',
  invalidTransition: 'This change of status is not allowed',
  scheduleInPast: 'Please choose a time in the future',
  scheduleRequired: 'Please enter when it is sent',
  noRecipients: 'Nobody is in the audience',
  unknownSession: 'Please select value',
  unknownPerson: 'Please select value',
  noEmail: 'You have no e-mail address to send a test to',
} as const;

/** Placeholders a subject or body may use, `{name}`. sessionName only when the link is a session. */
export const CAMPAIGN_PLACEHOLDERS = ['firstName', 'lastName', 'eventName', 'sessionName'] as const;
export type CampaignPlaceholder = (typeof CAMPAIGN_PLACEHOLDERS)[number];
export const CAMPAIGN_PLACEHOLDER_DESCRIPTIONS: Record<CampaignPlaceholder, string> = {
  firstName: "The recipient's first name",
  lastName: "The recipient's last name",
  eventName: "The event's name",
  sessionName: "The linked session's name (only when the link is a session)",
};

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** Placeholder names used in a text (`{x}`), in order, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/** Problems with a text's placeholders (empty: fine). */
export function placeholderIssues(text: string, linkType: CampaignLinkType): string[] {
  return placeholdersIn(text).flatMap((name) => {
    if (!(CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(name))
      return [CAMPAIGN_MESSAGES.unknownPlaceholder(name)];
    if (name === 'sessionName' && linkType !== 'SESSION') return [CAMPAIGN_MESSAGES.sessionNameNeedsSession];
    return [];
  });
}

/** Fills known placeholders; a missing value becomes ''. Unknown ones never reach here (validated on save). */
export function renderPlaceholders(text: string, vars: Partial<Record<CampaignPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(name)
      ? (vars[name as CampaignPlaceholder] ?? '')
      : whole,
  );
}

/** Where a push click or the e-mail button leads. */
export const CAMPAIGN_LINK_TYPES = ['NONE', 'SESSION', 'FEED', 'CHAT', 'URL'] as const;
export type CampaignLinkType = (typeof CAMPAIGN_LINK_TYPES)[number];
export const campaignLinkTypeSchema = z.enum(CAMPAIGN_LINK_TYPES);

export const campaignLinkInputSchema = z
  .object({
    type: campaignLinkTypeSchema.default('NONE'),
    sessionId: z.uuid().nullable().default(null),
    url: z.string().max(2000, MESSAGES.maxLength).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'SESSION' && v.sessionId === null)
      ctx.addIssue({ code: 'custom', path: ['sessionId'], message: MESSAGES.pleaseSelectValue });
    if (v.type === 'URL') {
      const r = urlSchema.safeParse(v.url ?? '');
      if (!r.success)
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: r.error.issues[0]?.message ?? MESSAGES.invalidUrl,
        });
    }
  });
export type CampaignLinkInput = z.output<typeof campaignLinkInputSchema>;
export const NO_LINK: CampaignLinkInput = { type: 'NONE', sessionId: null, url: null };

export const campaignLinkSchema = z.object({
  type: campaignLinkTypeSchema,
  session: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  url: z.string().nullable(),
});

/**
 * Audience: the agenda's (EVERYONE, LABELS, RULES) plus SESSIONS (participants enrolled in any of
 * `sessionIds`) and PEOPLE (the chosen `participantIds`).
 */
export const CAMPAIGN_AUDIENCE_TYPES = ['EVERYONE', 'LABELS', 'RULES', 'SESSIONS', 'PEOPLE'] as const;
export type CampaignAudienceType = (typeof CAMPAIGN_AUDIENCE_TYPES)[number];
export const campaignAudienceTypeSchema = z.enum(CAMPAIGN_AUDIENCE_TYPES);

export const campaignAudienceInputSchema = z
  .object({
    type: campaignAudienceTypeSchema.default('EVERYONE'),
    labelIds: z.array(z.uuid()).max(100, MESSAGES.maxLength).default([]),
    rules: rulesInputSchema.default([]),
    sessionIds: z.array(z.uuid()).max(200, MESSAGES.maxLength).default([]),
    participantIds: z.array(z.uuid()).max(CAMPAIGN_PEOPLE_MAX, MESSAGES.maxLength).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'LABELS' && v.labelIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['labelIds'], message: MESSAGES.pleaseSelectValue });
    if (v.type === 'RULES' && v.rules.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: MESSAGES.required });
    if (v.type === 'SESSIONS' && v.sessionIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sessionIds'], message: MESSAGES.pleaseSelectValue });
    if (v.type === 'PEOPLE' && v.participantIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['participantIds'], message: MESSAGES.pleaseSelectValue });
  });
export type CampaignAudienceInput = z.output<typeof campaignAudienceInputSchema>;
export const EVERYONE_CAMPAIGN_AUDIENCE: CampaignAudienceInput = {
  type: 'EVERYONE',
  labelIds: [],
  rules: [],
  sessionIds: [],
  participantIds: [],
};

const ref = z.object({ id: z.uuid(), name: z.string() });
export const campaignAudienceSchema = z.object({
  type: campaignAudienceTypeSchema,
  labels: audienceSchema.shape.labels,
  rules: audienceSchema.shape.rules,
  sessions: z.array(ref),
  people: z.array(ref),
});
export type CampaignAudience = z.output<typeof campaignAudienceSchema>;

/** POST …/communications/audience-count. */
export const campaignAudienceCountSchema = z.object({ audience: campaignAudienceInputSchema });
export const campaignAudienceCountResultSchema = z.object({ count: z.number().int() });

const subjectSchema = nameString(CAMPAIGN_SUBJECT_MAX_LENGTH);
const bodySchema = visibleText(
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .max(CAMPAIGN_BODY_MAX_LENGTH, MESSAGES.maxLength),
);
const channelsSchema = z
  .array(campaignChannelSchema)
  .min(1, MESSAGES.pleaseSelectValue)
  .max(2)
  .transform((c) => [...new Set(c)]);

/** Schedule: NOW (sent when scheduled), or DATE_AND_TIME with sendDate 'YYYY-MM-DD' + sendTime 'hh:mm AM' in the event's zone. */
const campaignBody = z.object({
  channels: channelsSchema,
  subject: subjectSchema,
  body: bodySchema,
  link: campaignLinkInputSchema.default(NO_LINK),
  audience: campaignAudienceInputSchema.default(EVERYONE_CAMPAIGN_AUDIENCE),
  schedule: communicationScheduleSchema.default('NOW'),
  sendDate: dateForFormatSchema(SESSION_DATE_FORMAT).nullable().default(null),
  sendTime: timeFormatSchema.nullable().default(null),
});

function refineCampaign(
  v: {
    subject?: string;
    body?: string;
    link?: CampaignLinkInput;
    schedule?: string;
    sendDate?: string | null;
    sendTime?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const linkType = v.link?.type ?? 'NONE';
  for (const field of ['subject', 'body'] as const) {
    const text = v[field];
    if (text === undefined) continue;
    const [issue] = placeholderIssues(text, linkType);
    if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue });
  }
  if (v.schedule === 'DATE_AND_TIME') {
    if (!v.sendDate)
      ctx.addIssue({ code: 'custom', path: ['sendDate'], message: CAMPAIGN_MESSAGES.scheduleRequired });
    if (!v.sendTime)
      ctx.addIssue({ code: 'custom', path: ['sendTime'], message: CAMPAIGN_MESSAGES.scheduleRequired });
  }
}

export const createCampaignSchema = campaignBody.superRefine(refineCampaign);
export type CreateCampaign = z.output<typeof createCampaignSchema>;

/**
 * PATCH: any subset (409 once sending started). Placeholders are checked against the resulting
 * link on the server too (a body with {sessionName} and a link changed away from a session → 400).
 */
export const updateCampaignSchema = z
  .object({
    channels: channelsSchema.optional(),
    subject: subjectSchema.optional(),
    body: bodySchema.optional(),
    link: campaignLinkInputSchema.optional(),
    audience: campaignAudienceInputSchema.optional(),
    schedule: communicationScheduleSchema.optional(),
    sendDate: dateForFormatSchema(SESSION_DATE_FORMAT).nullable().optional(),
    sendTime: timeFormatSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // Only the fields given are checked here; the server checks the merged record.
    if (v.link !== undefined || v.subject !== undefined || v.body !== undefined)
      refineCampaign(
        { subject: v.subject, body: v.body, link: v.link ?? { ...NO_LINK, type: 'SESSION' } },
        ctx,
      );
  });
export type UpdateCampaign = z.output<typeof updateCampaignSchema>;

/** Delivery counts of one channel. */
export const channelDeliverySchema = z.object({
  channel: campaignChannelSchema,
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  deferred: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});
export type ChannelDelivery = z.output<typeof channelDeliverySchema>;

/** The console's record of a communication (and the list row). */
export const campaignSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  channels: z.array(campaignChannelSchema),
  subject: z.string(),
  body: z.string(),
  link: campaignLinkSchema,
  audience: campaignAudienceSchema,
  schedule: communicationScheduleSchema,
  /** Wall-clock in the event's zone, as the form takes it (DATE_AND_TIME), else null. */
  sendDate: z.string().nullable(),
  sendTime: z.string().nullable(),
  /** The instant it is (was) due: DATE_AND_TIME's time, NOW's scheduling time; null while a draft. */
  scheduledAt: timestampSchema.nullable(),
  status: campaignStatusSchema,
  /** Why it is PAUSED or FAILED. */
  statusReason: z.string().nullable(),
  /** Recipients materialised when sending started (null before). */
  recipientCount: z.number().int().nullable(),
  startedAt: timestampSchema.nullable(),
  sentAt: timestampSchema.nullable(),
  /** Whether it may still be changed (PENDING_TO_SCHEDULE, SCHEDULED). */
  editable: z.boolean(),
  createdBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Campaign = z.output<typeof campaignSchema>;

/** The list: search subject; filters status, channel, schedule (multi); sort subject, status, scheduledAt, createdAt (default desc), updatedAt. */
export const campaignListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(campaignStatusSchema).optional(),
  channel: multiValueFilter(campaignChannelSchema).optional(),
  schedule: multiValueFilter(communicationScheduleSchema).optional(),
});
export const campaignListSchema = z.object({ records: z.array(campaignSchema), total: z.number().int() });

/** PUT …/communications/{id}/status: SCHEDULED (schedule it: NOW starts sending), PENDING_TO_SCHEDULE (unschedule), PAUSED, SENDING (resume). */
export const CAMPAIGN_ACTIONS = ['SCHEDULE', 'UNSCHEDULE', 'PAUSE', 'RESUME'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];
export const campaignActionSchema = z.object({ action: z.enum(CAMPAIGN_ACTIONS) });

/** What each status allows (GET …/communications/update-options), and what the editor offers. */
export const CAMPAIGN_STATUS_RULES: Record<
  CampaignStatus,
  { editable: boolean; deletable: boolean; actions: CampaignAction[] }
> = {
  PENDING_TO_SCHEDULE: { editable: true, deletable: true, actions: ['SCHEDULE'] },
  SCHEDULED: { editable: true, deletable: true, actions: ['UNSCHEDULE'] },
  SENDING: { editable: false, deletable: false, actions: ['PAUSE'] },
  PAUSED: { editable: false, deletable: false, actions: ['RESUME'] },
  SENT: { editable: false, deletable: true, actions: [] },
  FAILED: { editable: false, deletable: true, actions: [] },
};

export const campaignUpdateOptionsSchema = z.object({
  statuses: z.array(
    z.object({
      status: campaignStatusSchema,
      editable: z.boolean(),
      deletable: z.boolean(),
      actions: z.array(z.enum(CAMPAIGN_ACTIONS)),
    }),
  ),
  channels: z.array(campaignChannelSchema),
  linkTypes: z.array(campaignLinkTypeSchema),
  audienceTypes: z.array(campaignAudienceTypeSchema),
  placeholders: z.array(z.object({ name: z.string(), token: z.string(), description: z.string() })),
  /** The event's time zone (sendDate/sendTime are wall-clock in it). */
  timezone: z.string(),
});
export type CampaignUpdateOptions = z.output<typeof campaignUpdateOptionsSchema>;

/** POST …/communications/preview: a draft (or a saved one's fields) rendered for a chosen or the first recipient. */
export const campaignPreviewRequestSchema = z.object({
  subject: maxLengthString(CAMPAIGN_SUBJECT_MAX_LENGTH),
  body: maxLengthString(CAMPAIGN_BODY_MAX_LENGTH),
  link: campaignLinkInputSchema.default(NO_LINK),
  audience: campaignAudienceInputSchema.default(EVERYONE_CAMPAIGN_AUDIENCE),
  participantId: z.uuid().nullable().default(null),
});
export const campaignPreviewSchema = z.object({
  recipient: z.object({ participantId: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  subject: z.string(),
  body: z.string(),
  /** The e-mail as sent (branded HTML and its text part). */
  html: z.string(),
  text: z.string(),
  /** Where a push click / the e-mail button leads (absolute), or null. */
  url: z.string().nullable(),
});
export type CampaignPreview = z.output<typeof campaignPreviewSchema>;

/** POST …/communications/{id}/test: sent to the caller only (e-mail to their address; push to their subscriptions). */
export const campaignTestResultSchema = z.object({
  email: z.string().nullable(),
  pushDevices: z.number().int(),
});

/** GET …/communications/{id}/delivery. */
export const campaignDeliverySchema = z.object({
  status: campaignStatusSchema,
  statusReason: z.string().nullable(),
  recipientCount: z.number().int().nullable(),
  channels: z.array(channelDeliverySchema),
});
export type CampaignDelivery = z.output<typeof campaignDeliverySchema>;

/** GET …/communications/{id}/recipients (list machinery): one row per recipient and channel. */
export const campaignRecipientSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  name: z.string(),
  email: z.string(),
  channel: campaignChannelSchema,
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The subject exactly as sent to this recipient. */
  subject: z.string(),
  sentAt: timestampSchema.nullable(),
  updatedAt: timestampSchema,
});
export type CampaignRecipient = z.output<typeof campaignRecipientSchema>;
export const campaignRecipientListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(deliveryStatusSchema).optional(),
  channel: multiValueFilter(campaignChannelSchema).optional(),
});
export const campaignRecipientListSchema = z.object({
  records: z.array(campaignRecipientSchema),
  total: z.number().int(),
});
