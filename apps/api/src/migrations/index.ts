import * as foundation from './0001_foundation.js';
import * as listIndexes from './0003_list_indexes.js';
import * as attendees from './0004_attendees.js';
import * as jobs from './0005_jobs.js';
import * as imports from './0006_imports.js';
import * as auditEntityIndex from './0007_audit_entity_index.js';
import * as idempotencyKeys from './0008_idempotency_keys.js';
import * as agenda from './0009_agenda.js';
import * as waitlistOrder from './0010_waitlist_order.js';
import * as eventInvitations from './0011_event_invitations.js';
import * as approvedHosts from './0012_approved_hosts.js';
import * as workerHeartbeats from './0013_worker_heartbeats.js';
import * as domainEvents from './0014_domain_events.js';
import * as sessionBookmarks from './0015_session_bookmarks.js';
import * as engagement from './0016_engagement.js';
import * as networkingPrivacy from './0017_networking_privacy.js';
import * as meetings from './0018_meetings.js';
import * as directories from './0019_directories.js';
import * as businessCards from './0020_business_cards.js';
import * as chat from './0021_chat.js';
import * as activityFeed from './0022_activity_feed.js';
import * as pushInbox from './0023_push_inbox.js';
import * as communications from './0024_communications.js';
import * as emailLog from './0025_email_log.js';
import * as gamification from './0026_gamification.js';
import * as customQrCodes from './0027_custom_qr_codes.js';

export interface Migration {
  name: string;
  up: string;
}

/** Forward-only SQL scripts, applied in this order at start. Add a numbered file and list it here. */
export const migrations: Migration[] = [
  { name: '0001_foundation', ...foundation },
  { name: '0003_list_indexes', ...listIndexes },
  { name: '0004_attendees', ...attendees },
  { name: '0005_jobs', ...jobs },
  { name: '0006_imports', ...imports },
  { name: '0007_audit_entity_index', ...auditEntityIndex },
  { name: '0008_idempotency_keys', ...idempotencyKeys },
  { name: '0009_agenda', ...agenda },
  { name: '0010_waitlist_order', ...waitlistOrder },
  { name: '0011_event_invitations', ...eventInvitations },
  { name: '0012_approved_hosts', ...approvedHosts },
  { name: '0013_worker_heartbeats', ...workerHeartbeats },
  { name: '0014_domain_events', ...domainEvents },
  { name: '0015_session_bookmarks', ...sessionBookmarks },
  { name: '0016_engagement', ...engagement },
  { name: '0017_networking_privacy', ...networkingPrivacy },
  { name: '0018_meetings', ...meetings },
  { name: '0019_directories', ...directories },
  { name: '0020_business_cards', ...businessCards },
  { name: '0021_chat', ...chat },
  { name: '0022_activity_feed', ...activityFeed },
  { name: '0023_push_inbox', ...pushInbox },
  { name: '0024_communications', ...communications },
  { name: '0025_email_log', ...emailLog },
  { name: '0026_gamification', ...gamification },
  { name: '0027_custom_qr_codes', ...customQrCodes },
];
