import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_RULES,
  placeholderIssues,
  wallClockToInstant,
  type Campaign,
  type CampaignAction,
  type CampaignAudienceInput,
  type CampaignDelivery,
  type CampaignLinkInput,
  type CampaignPreview,
  type CreateCampaign,
  type UpdateCampaign,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/index.js';
import type { CommunicationAudienceJson, CommunicationLinkJson } from '../../platform/db/schema.js';
import { eventEmailBrand } from '../../platform/email/index.js';
import { logEmails, markEmail } from '../../platform/email-log.repo.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import { asDefs, listFields } from '../attendees/index.js';
import { validateAudience } from '../agenda/index.js';
import {
  campaignAudienceCondition,
  countCampaignAudience,
  idsOfEvent,
  previewRecipient,
} from './campaign-audience.repo.js';
import { pushTargetsOf } from './campaign-notify.js';
import { campaignEmail, renderFor } from './campaign-render.js';
import * as repo from './communications.repo.js';
import type { DeliveryEngine } from './delivery-engine.js';

/** Communications (campaigns): validation, writes, status changes, preview and test send. */

/** Labels and rules checked by the agenda; sessions and people must be the event's. */
export async function validateCampaignAudience(
  db: Db,
  eventId: string,
  a: CampaignAudienceInput,
): Promise<CommunicationAudienceJson> {
  const empty = { labelIds: [], rules: [], sessionIds: [], participantIds: [] };
  if (a.type === 'SESSIONS') {
    const ids = [...new Set(a.sessionIds)];
    const found = await idsOfEvent(db, 'sessions', eventId, ids);
    if (ids.some((id) => !found.has(id)))
      throw fieldsError({ 'audience.sessionIds': CAMPAIGN_MESSAGES.unknownSession });
    return { ...empty, type: 'SESSIONS', sessionIds: ids };
  }
  if (a.type === 'PEOPLE') {
    const ids = [...new Set(a.participantIds)];
    const found = await idsOfEvent(db, 'participants', eventId, ids);
    if (ids.some((id) => !found.has(id)))
      throw fieldsError({ 'audience.participantIds': CAMPAIGN_MESSAGES.unknownPerson });
    return { ...empty, type: 'PEOPLE', participantIds: ids };
  }
  const stored = await validateAudience(db, eventId, { type: a.type, labelIds: a.labelIds, rules: a.rules });
  return { ...empty, type: stored.type, labelIds: stored.labelIds, rules: stored.rules as unknown[] };
}

async function validateLink(db: Db, eventId: string, l: CampaignLinkInput): Promise<CommunicationLinkJson> {
  if (l.type === 'SESSION') {
    const found = await idsOfEvent(db, 'sessions', eventId, [l.sessionId ?? '']);
    if (!l.sessionId || !found.has(l.sessionId))
      throw fieldsError({ 'link.sessionId': CAMPAIGN_MESSAGES.unknownSession });
    return { type: 'SESSION', sessionId: l.sessionId, url: null };
  }
  if (l.type === 'URL') return { type: 'URL', sessionId: null, url: l.url };
  return { type: l.type, sessionId: null, url: null };
}

/** Placeholders against the resulting link (unknown → 400 on the field; {sessionName} needs a session link). */
function checkPlaceholders(w: {
  subject: string;
  body: string;
  link: { type: CommunicationLinkJson['type'] };
}): void {
  const fields: Record<string, string> = {};
  for (const f of ['subject', 'body'] as const) {
    const [issue] = placeholderIssues(w[f], w.link.type);
    if (issue) fields[f] = issue;
  }
  if (Object.keys(fields).length > 0) throw fieldsError(fields);
}

function scheduledAtOf(w: repo.CommunicationWrite, timezone: string): Date | null {
  if (w.schedule !== 'DATE_AND_TIME') return null;
  if (!w.sendDate || !w.sendTime)
    throw fieldsError({
      ...(w.sendDate ? {} : { sendDate: CAMPAIGN_MESSAGES.scheduleRequired }),
      ...(w.sendTime ? {} : { sendTime: CAMPAIGN_MESSAGES.scheduleRequired }),
    });
  return wallClockToInstant(w.sendDate, w.sendTime, timezone);
}

export async function getCampaign(db: Db, eventId: string, id: string): Promise<Campaign> {
  const record = await repo.campaignList.byId(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

export async function createCampaign(
  db: Db,
  { ctx, event }: EventAccess,
  body: CreateCampaign,
): Promise<Campaign> {
  const w: repo.CommunicationWrite = {
    channels: body.channels,
    subject: body.subject,
    body: body.body,
    link: await validateLink(db, event.id, body.link),
    audience: await validateCampaignAudience(db, event.id, body.audience),
    schedule: body.schedule,
    sendDate: body.schedule === 'DATE_AND_TIME' ? body.sendDate : null,
    sendTime: body.schedule === 'DATE_AND_TIME' ? body.sendTime : null,
  };
  checkPlaceholders(w);
  const { timezone } = await repo.eventInfo(db, event.id);
  const scheduledAt = scheduledAtOf(w, timezone);
  const id = await db
    .transaction()
    .execute((tx: Db) => repo.insertCommunication(tx, event.id, ctx.actorId, w, { scheduledAt }));
  return getCampaign(db, event.id, id);
}

function notEditable(): never {
  throw conflict(CAMPAIGN_MESSAGES.notEditable);
}

export async function updateCampaign(
  db: Db,
  { event }: EventAccess,
  id: string,
  body: UpdateCampaign,
): Promise<Campaign> {
  const { timezone } = await repo.eventInfo(db, event.id);
  await db.transaction().execute(async (tx: Db) => {
    const row = await repo.findCommunication(tx, event.id, id, true);
    if (!row) throw notFound();
    if (!CAMPAIGN_STATUS_RULES[row.status].editable) notEditable();
    const schedule = body.schedule ?? row.schedule;
    const w: repo.CommunicationWrite = {
      channels: body.channels ?? row.channels,
      subject: body.subject ?? row.subject,
      body: body.body ?? row.body,
      link: body.link ? await validateLink(tx, event.id, body.link) : row.link,
      audience: body.audience ? await validateCampaignAudience(tx, event.id, body.audience) : row.audience,
      schedule,
      sendDate:
        schedule === 'DATE_AND_TIME' ? (body.sendDate !== undefined ? body.sendDate : row.sendDate) : null,
      sendTime:
        schedule === 'DATE_AND_TIME' ? (body.sendTime !== undefined ? body.sendTime : row.sendTime) : null,
    };
    checkPlaceholders(w);
    const scheduledAt = scheduledAtOf(w, timezone);
    if (row.status === 'SCHEDULED' && scheduledAt && scheduledAt.getTime() < Date.now())
      throw fieldsError({ sendTime: CAMPAIGN_MESSAGES.scheduleInPast });
    // A SCHEDULED campaign keeps its state with the new time (a NOW one is SENDING already: not editable).
    await repo.updateCommunication(tx, id, w, scheduledAt);
  });
  return getCampaign(db, event.id, id);
}

/** Deleted while a draft, scheduled, sent or failed; never while SENDING or PAUSED (409). */
export async function deleteCampaign(db: Db, { event }: EventAccess, id: string): Promise<void> {
  await db.transaction().execute(async (tx: Db) => {
    const row = await repo.findCommunication(tx, event.id, id, true);
    if (!row) throw notFound();
    if (!CAMPAIGN_STATUS_RULES[row.status].deletable) throw conflict(CAMPAIGN_MESSAGES.invalidTransition);
    await repo.deleteCommunication(tx, id);
  });
}

/**
 * PUT …/status {action}: SCHEDULE (NOW: due at once and the engine is woken; DATE_AND_TIME: at
 * its time, which must be in the future), UNSCHEDULE, PAUSE, RESUME. Anything else for the status: 409.
 */
export async function changeStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'> & { engine: Pick<DeliveryEngine, 'wake'> | null },
  { ctx, event }: EventAccess,
  id: string,
  action: CampaignAction,
): Promise<Campaign> {
  const { db } = deps;
  const row = await repo.findCommunication(db, event.id, id);
  if (!row) throw notFound();
  if (!CAMPAIGN_STATUS_RULES[row.status].actions.includes(action))
    throw conflict(CAMPAIGN_MESSAGES.invalidTransition);
  let ok: boolean;
  if (action === 'SCHEDULE') {
    const count = await countCampaignAudience(db, event.id, await conditionOf(db, event.id, row.audience));
    if (count === 0) throw fieldsError({ audience: CAMPAIGN_MESSAGES.noRecipients }, 409);
    const scheduledAt = row.schedule === 'NOW' ? new Date() : row.scheduledAt;
    if (!scheduledAt) throw fieldsError({ sendDate: CAMPAIGN_MESSAGES.scheduleRequired });
    if (row.schedule === 'DATE_AND_TIME' && scheduledAt.getTime() < Date.now())
      throw fieldsError({ sendTime: CAMPAIGN_MESSAGES.scheduleInPast });
    const origin = await linkOrigin(deps, ctx.host.replace(/^cms\./i, ''), {
      organizationId: event.organizationId,
    });
    ok = await repo.setStatus(db, id, ['PENDING_TO_SCHEDULE'], { status: 'SCHEDULED', scheduledAt, origin });
    if (ok && row.schedule === 'NOW') deps.engine?.wake();
  } else if (action === 'UNSCHEDULE') {
    ok = await repo.setStatus(db, id, ['SCHEDULED'], { status: 'PENDING_TO_SCHEDULE' });
  } else if (action === 'PAUSE') {
    ok = await repo.setStatus(db, id, ['SENDING'], {
      status: 'PAUSED',
      statusReason: 'Paused by an organiser',
    });
  } else {
    ok = await repo.resumeCommunication(db, id);
    if (ok) deps.engine?.wake();
  }
  if (!ok) throw conflict(CAMPAIGN_MESSAGES.invalidTransition);
  return getCampaign(db, event.id, id);
}

async function conditionOf(db: Db, eventId: string, a: CommunicationAudienceJson) {
  const fields = a.type === 'RULES' ? asDefs(await listFields(db, eventId)) : [];
  return campaignAudienceCondition(a, fields);
}

export async function audienceCount(db: Db, eventId: string, a: CampaignAudienceInput): Promise<number> {
  const stored = await validateCampaignAudience(db, eventId, a);
  return countCampaignAudience(db, eventId, await conditionOf(db, eventId, stored));
}

export async function delivery(db: Db, eventId: string, id: string): Promise<CampaignDelivery> {
  const row = await repo.findCommunication(db, eventId, id);
  if (!row) throw notFound();
  return {
    status: row.status,
    statusReason: row.statusReason,
    recipientCount: row.recipientCount,
    channels: await repo.deliveryCounts(db, id),
  };
}

/** A draft rendered for the chosen participant (who must be the event's) or the first in the audience. */
export async function preview(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'>,
  { ctx, event }: EventAccess,
  body: {
    subject: string;
    body: string;
    link: CampaignLinkInput;
    audience: CampaignAudienceInput;
    participantId: string | null;
  },
): Promise<CampaignPreview> {
  const { db } = deps;
  const link = await validateLink(db, event.id, body.link);
  checkPlaceholders({ subject: body.subject, body: body.body, link });
  const audience = await validateCampaignAudience(db, event.id, body.audience);
  const who = await previewRecipient(
    db,
    event.id,
    await conditionOf(db, event.id, audience),
    body.participantId,
  );
  if (body.participantId && !who) throw fieldsError({ participantId: CAMPAIGN_MESSAGES.unknownPerson });
  const info = await repo.eventInfo(db, event.id);
  const vars = {
    eventName: info.name,
    ...(link.type === 'SESSION' && link.sessionId
      ? { sessionName: (await repo.sessionName(db, event.id, link.sessionId)) ?? '' }
      : {}),
    firstName: who?.firstName ?? '',
    lastName: who?.lastName ?? '',
  };
  const origin = await linkOrigin(deps, ctx.host.replace(/^cms\./i, ''), {
    organizationId: event.organizationId,
  });
  const r = renderFor({ eventId: event.id, subject: body.subject, body: body.body, link }, vars, origin);
  const mail = campaignEmail(
    who?.email ?? '',
    await eventEmailBrand(deps, event.id, origin),
    r,
    vars,
    info.name,
  );
  return {
    recipient: who
      ? { participantId: who.id, name: `${who.firstName} ${who.lastName}`.trim(), email: who.email }
      : null,
    subject: r.subject,
    body: r.body,
    html: mail.html ?? '',
    text: mail.text,
    url: r.url,
  };
}

/**
 * POST …/{id}/test: the saved communication rendered for the caller (their name from their
 * participant record in the event when they have one, else from their account), e-mailed to their
 * own address (logged as TEST) when it has the EMAIL channel, and pushed to their own devices.
 */
export async function testSend(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands' | 'mailer' | 'push'>,
  { ctx, event }: EventAccess,
  id: string,
): Promise<{ email: string | null; pushDevices: number }> {
  const { db } = deps;
  const row = await repo.findCommunication(db, event.id, id);
  if (!row) throw notFound();
  const me = await repo.caller(db, event.id, ctx.actorId);
  if (!me) throw notFound();
  const info = await repo.eventInfo(db, event.id);
  const vars = {
    eventName: info.name,
    ...(row.link.type === 'SESSION' && row.link.sessionId
      ? { sessionName: (await repo.sessionName(db, event.id, row.link.sessionId)) ?? '' }
      : {}),
    firstName: me.firstName,
    lastName: me.lastName,
  };
  const origin = await linkOrigin(deps, ctx.host.replace(/^cms\./i, ''), {
    organizationId: event.organizationId,
  });
  const r = renderFor(row, vars, origin);
  let email: string | null = null;
  if (row.channels.includes('EMAIL')) {
    if (!me.email) throw conflict(CAMPAIGN_MESSAGES.noEmail);
    const mail = campaignEmail(me.email, await eventEmailBrand(deps, event.id, origin), r, vars, info.name);
    const [logId] = await logEmails(db, [
      {
        eventId: event.id,
        to: me.email,
        subject: `[Test] ${mail.subject}`,
        text: mail.text,
        html: mail.html ?? null,
        category: 'TEST',
        communicationId: id,
      },
    ]);
    try {
      await deps.mailer.send({
        ...mail,
        subject: `[Test] ${mail.subject}`,
        eventId: event.id,
        category: 'TEST',
      });
      if (logId) await markEmail(db, logId, 'SENT');
    } catch (err) {
      if (logId) await markEmail(db, logId, 'FAILED', (err as Error).message);
      throw err;
    }
    email = me.email;
  }
  let pushDevices = 0;
  if (row.channels.includes('NOTIFICATION') && me.participantId) {
    const subs = (await pushTargetsOf(db, [me.participantId])).get(me.participantId) ?? [];
    for (const sub of subs) {
      const out = await deps.push.send(
        sub,
        { title: `[Test] ${r.subject}`, body: r.body, url: r.path ?? `/event/${event.id}/inbox` },
        { ttlSeconds: 3600, urgency: 'normal' },
      );
      if (out.kind === 'sent') pushDevices++;
    }
  }
  return { email, pushDevices };
}
