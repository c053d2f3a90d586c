import {
  CAMPAIGN_MESSAGES,
  MESSAGES,
  placeholderIssues,
  type AudienceInput,
  type CampaignAudienceType,
  type CampaignChannel,
  type CampaignLinkType,
  type CreateCampaign,
} from '@plenary/domain';
import type { CampaignRow } from './api';

/** The editor's state of a communication (strings as the inputs hold them). */
export interface CampaignDraft {
  channels: CampaignChannel[];
  subject: string;
  body: string;
  linkType: CampaignLinkType;
  linkSessionId: string | null;
  linkUrl: string;
  /** RULES stands for the shared audience editor's kinds (everyone, labels, rules): see `audience`. */
  audienceKind: 'AUDIENCE' | 'SESSIONS' | 'PEOPLE';
  sessionIds: string[];
  participantIds: string[];
  schedule: 'NOW' | 'DATE_AND_TIME';
  sendDate: string;
  sendTime: string;
}

export type CampaignErrors = Partial<Record<string, string>>;

export const emptyDraft = (): CampaignDraft => ({
  channels: ['NOTIFICATION', 'EMAIL'],
  subject: '',
  body: '',
  linkType: 'NONE',
  linkSessionId: null,
  linkUrl: '',
  audienceKind: 'AUDIENCE',
  sessionIds: [],
  participantIds: [],
  schedule: 'NOW',
  sendDate: '',
  sendTime: '',
});

/** A saved communication → the editor's state. */
export function draftFromCampaign(c: CampaignRow): CampaignDraft {
  const kind: CampaignDraft['audienceKind'] =
    c.audience.type === 'SESSIONS' ? 'SESSIONS' : c.audience.type === 'PEOPLE' ? 'PEOPLE' : 'AUDIENCE';
  return {
    channels: [...c.channels],
    subject: c.subject,
    body: c.body,
    linkType: c.link.type,
    linkSessionId: c.link.session?.id ?? null,
    linkUrl: c.link.url ?? '',
    audienceKind: kind,
    sessionIds: c.audience.sessions.map((s) => s.id),
    participantIds: c.audience.people.map((p) => p.id),
    schedule: c.schedule,
    sendDate: c.sendDate ?? '',
    sendTime: c.sendTime ?? '',
  };
}

/** 'hh:mm AM' from an input's 'HH:mm' (24 h), or '' when not a time. */
export function to12h(value: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) return '';
  const h = Number(m[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${m[2]} ${suffix}`;
}

/** 'HH:mm' (24 h, for a time input) from 'hh:mm AM', or '' when not a time. */
export function to24h(value: string): string {
  const m = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(value);
  if (!m) return '';
  const h = (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

/**
 * Checks the draft as the API would (required fields, placeholders, schedule) and builds the body
 * to send; `audience` is the shared editor's checked audience (null while incomplete).
 */
export function validateCampaign(
  d: CampaignDraft,
  audience: AudienceInput | null,
): { body: CreateCampaign | null; errors: CampaignErrors } {
  const errors: CampaignErrors = {};
  if (d.channels.length === 0) errors.channels = MESSAGES.pleaseSelectValue;
  if (!d.subject.trim()) errors.subject = MESSAGES.required;
  if (!d.body.trim()) errors.body = MESSAGES.required;
  for (const field of ['subject', 'body'] as const) {
    const [issue] = placeholderIssues(d[field], d.linkType);
    if (issue && !errors[field]) errors[field] = issue;
  }
  if (d.linkType === 'SESSION' && !d.linkSessionId) errors.linkSessionId = MESSAGES.pleaseSelectValue;
  if (d.linkType === 'URL' && !/^https?:\/\/\S+$/i.test(d.linkUrl.trim()))
    errors.linkUrl = MESSAGES.invalidUrl;
  if (d.audienceKind === 'SESSIONS' && d.sessionIds.length === 0)
    errors.sessionIds = MESSAGES.pleaseSelectValue;
  if (d.audienceKind === 'PEOPLE' && d.participantIds.length === 0)
    errors.participantIds = MESSAGES.pleaseSelectValue;
  if (d.audienceKind === 'AUDIENCE' && !audience) errors.audience = MESSAGES.pleaseSelectValue;
  if (d.schedule === 'DATE_AND_TIME') {
    if (!d.sendDate) errors.sendDate = CAMPAIGN_MESSAGES.scheduleRequired;
    if (!d.sendTime) errors.sendTime = CAMPAIGN_MESSAGES.scheduleRequired;
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const type: CampaignAudienceType =
    d.audienceKind === 'SESSIONS' ? 'SESSIONS' : d.audienceKind === 'PEOPLE' ? 'PEOPLE' : audience!.type;
  return {
    errors,
    body: {
      channels: d.channels,
      subject: d.subject.trim(),
      body: d.body.trim(),
      link: {
        type: d.linkType,
        sessionId: d.linkType === 'SESSION' ? d.linkSessionId : null,
        url: d.linkType === 'URL' ? d.linkUrl.trim() : null,
      },
      audience: {
        type,
        labelIds: d.audienceKind === 'AUDIENCE' ? audience!.labelIds : [],
        rules: d.audienceKind === 'AUDIENCE' ? audience!.rules : [],
        sessionIds: d.audienceKind === 'SESSIONS' ? d.sessionIds : [],
        participantIds: d.audienceKind === 'PEOPLE' ? d.participantIds : [],
      },
      schedule: d.schedule,
      sendDate: d.schedule === 'DATE_AND_TIME' ? d.sendDate : null,
      sendTime: d.schedule === 'DATE_AND_TIME' ? d.sendTime : null,
    },
  };
}

/** The audience part of a body for the live count (null while incomplete). */
export function audienceForCount(d: CampaignDraft, audience: AudienceInput | null) {
  if (d.audienceKind === 'SESSIONS')
    return d.sessionIds.length
      ? { type: 'SESSIONS' as const, labelIds: [], rules: [], sessionIds: d.sessionIds, participantIds: [] }
      : null;
  if (d.audienceKind === 'PEOPLE')
    return d.participantIds.length
      ? { type: 'PEOPLE' as const, labelIds: [], rules: [], sessionIds: [], participantIds: d.participantIds }
      : null;
  return audience ? { ...audience, sessionIds: [], participantIds: [] } : null;
}
