import type { CompleteTenant } from '../complete-tenant.js';

/**
 * What fills each path parameter of the API from one tenant's records. A parameter is named by the
 * literal segment before it and its name (`interactive-maps/:id`), or by its name alone when that
 * says it all (`:eventId`). A route with a parameter that is not here fails both suites: its author
 * adds a line, so no route escapes the tenant-isolation sweep.
 */
const FILLERS: Record<string, (x: CompleteTenant) => string> = {
  ':eventId': (x) => x.event.id,
  'events/:id': (x) => x.event.id,
  'organizations/:id': (x) => x.organization.id,
  'event-hubs/:id': (x) => x.hub.id,
  'admin-users/:id': (x) => x.users.eventAdmin.id,
  'users/:id': (x) => x.users.participant.id,
  'users/:userId': (x) => x.users.participant.id,
  'participants/:participantId': (x) => x.records.attendee.id,
  'attendees/:participantId': (x) => x.records.participantId,
  'participants/:userId': (x) => x.users.participant.id,
  'custom-fields/:customFieldId': (x) => x.records.customField.id,
  'labels/:labelId': (x) => x.records.label.id,
  'imports/:importId': (x) => x.records.importRecord.id,
  'sessions/:sessionId': (x) => x.records.session.id,
  'v2/:sessionId': (x) => x.records.session.id,
  'moderate/:sessionId': (x) => x.records.session.id,
  'locations/:id': (x) => x.records.location.id,
  'materials/:id': (x) => x.records.material.id,
  'interactive-maps/:id': (x) => x.records.map.id,
  'pins/:pinId': (x) => x.records.pin.id,
  'collections/:id': (x) => x.records.collection.id,
  'breakouts/:id': (x) => x.records.breakout.id,
  'files/:key': (x) => x.records.fileKey,
  'questions/:questionId': (x) => x.records.qaQuestion.id,
  'answers/:answerId': (x) => x.records.qaQuestion.id,
  'reply/:answerId': (x) => x.records.qaQuestion.id,
  'engagement-tools/:toolId': (x) => x.records.engagementTool.id,
  'instances/:instanceId': (x) => x.records.engagementInstance.id,
  // business cards (issue 13)
  ':cardRequestId': (x) => x.records.cardRequest.id,
  ':contactParticipantId': (x) => x.records.attendee.id,
  'directories/:directoryId': (x) => x.records.directory.id,
  // activity feed (issue 13)
  'posts/:postId': (x) => x.records.feedPost.id,
  'comments/:commentId': (x) => x.records.feedComment.id,
  // chat (issue 13)
  ':conversationId': (x) => x.records.chatConversation.id,
  ':chatMessageId': (x) => x.records.chatMessage.id,
  ':chatReportId': (x) => x.records.chatReport.id,
  'blocks/:participantId': (x) => x.records.attendee.id,
  'blacklist/:participantId': (x) => x.records.attendee.id,
  'meetings/:meetingId': (x) => x.records.meeting.id,
  'meeting-intervals/:intervalId': (x) => x.records.meetingInterval.id,
  // e-mail log (issue 14)
  'emails/:emailId': (x) => x.records.emailLog.id,
  // inbox (issue 14)
  ':inboxItemId': (x) => x.records.inboxItem.id,
  // communications (issue 14)
  'communications/:communicationId': (x) => x.records.communication.id,
  // gamification (issue 15)
  'gamifications/:gameId': (x) => x.records.game.id,
  'games/:gameId': (x) => x.records.game.id,
  'tasks/:taskId': (x) => x.records.gameTask.id,
  'badges/:badgeId': (x) => x.records.gameBadge.id,
  'teams/:teamId': (x) => x.records.gameTeam.id,
  'assigned-points/:assignedId': (x) => x.records.gameAssigned.id,
  // custom QR codes (issue 15)
  ':codeId': (x) => x.records.customQrCode.id,
  // Not ids of a tenant: names of tables, the same in every tenant.
  'imports/:table': () => 'User',
  'view-settings/:tableKey': () => 'events',
  'approved-hosts/:host': () => 'sso.tenant.example',
  'reports/:report': () => 'poll-results',
  // Platform-wide records with no tenant (super admin only); the sweep expects 403 for tenant roles.
  'app-versions/:id': () => '00000000-0000-4000-8000-000000000001',
};

/** The parameters of a Fastify route pattern with the key that finds their filler. */
export function pathParameters(url: string): Array<{ name: string; key: string }> {
  const segments = url.split('/');
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(':')) return [];
    const name = segment.slice(1);
    const key = `:${name}` in FILLERS ? `:${name}` : `${segments[i - 1]}/:${name}`;
    return [{ name, key }];
  });
}

/** Parameters of `url` that no filler knows. */
export function unknownParameters(url: string): string[] {
  return pathParameters(url)
    .filter((p) => !(p.key in FILLERS))
    .map((p) => p.key);
}

/** The value of each path parameter of `url` taken from `tenant`. */
export function fillFrom(url: string, tenant: CompleteTenant): Record<string, string> {
  return Object.fromEntries(
    pathParameters(url).map((p) => {
      const filler = FILLERS[p.key];
      if (!filler) throw new Error(`no filler for ${p.key} in ${url}: add one to test/fuzz/path-fillers.ts`);
      return [p.name, filler(tenant)];
    }),
  );
}

/** `url` with its parameters replaced by `values` (already path-safe). */
export function expand(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? `:${name}`);
}
