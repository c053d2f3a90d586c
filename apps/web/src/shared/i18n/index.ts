import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import accounts from './en/accounts';
import common from './en/common';
import shell from './en/shell';
import list from './en/list'; // list machinery (shared/list)
import tenancy from './en/tenancy'; // super-admin screens (features/tenancy)
import attendees from './en/attendees'; // attendee screens and custom-field inputs
import participantProfile from './en/participantProfile'; // participant's own and public profile
import customFields from './en/customFields'; // custom fields (features/custom-fields)
import labels from './en/labels'; // labels (features/labels)
import dataImport from './en/dataImport'; // data import (features/data-import)
import content from './en/content'; // locations, materials, interactive maps (features/content, shared/maps)
import agenda from './en/agenda'; // agenda console (features/agenda, shared/audience)
import participantAgenda from './en/participantAgenda'; // participant agenda, maps, materials, check-in
import participantApp from './en/participantApp'; // participant app frame: tabs, More, materials list, bookmarks, now/next
import dashboard from './en/dashboard'; // event dashboard (features/event-dashboard)
import participantEngagement from './en/participantEngagement'; // participant live engagement (features/participant-engagement)
import engagement from './en/engagement'; // engagement console (features/engagement)
import moderation from './en/moderation'; // moderation screens (features/moderation)
import engagementScreens from './en/engagementScreens'; // front-of-room screens, speaker view (features/engagement-screens)
import meetings from './en/meetings'; // meetings (features/meetings, participant-meetings)
import directories from './en/directories'; // directories and profile privacy (features/directories, participant-directories)
import contacts from './en/contacts'; // badge, business-card exchange, contacts (features/participant-contacts)
import chat from './en/chat'; // chat (features/participant-chat, chat-moderation)
import feed from './en/feed'; // activity feed (features/participant-feed, feed-moderation)
import communications from './en/communications'; // campaigns and the e-mail log (features/communications)
import inbox from './en/inbox'; // the participant inbox and push permission (features/participant-inbox)
import gamification from './en/gamification'; // games, tasks, badges, assigned points (features/gamification)
import leaderboard from './en/leaderboard'; // leaderboards: the front-of-room board and the console tab
import game from './en/game'; // the participant game page and badge gallery (features/participant-game)
import qrCodes from './en/qrCodes'; // custom QR codes, /more, /external-qr-code (features/qr-codes, participant-qr)
// ── Catalogs of other areas: add one import line here and one entry in `en` below. ──
// (the list machinery adds `list`, the super-admin screens add `tenancy`)

/** English catalog: one namespace per file in ./en. */
export const en = {
  common,
  accounts,
  shell,
  list,
  tenancy,
  attendees,
  participantProfile,
  customFields,
  labels,
  dataImport,
  content,
  agenda,
  participantAgenda,
  participantApp,
  dashboard,
  participantEngagement,
  engagement,
  moderation,
  engagementScreens,
  meetings,
  directories,
  contacts,
  chat,
  feed,
  communications,
  inbox,
  gamification,
  leaderboard,
  game,
  qrCodes,
  // ── more namespaces here ──
};

export type Namespace = keyof typeof en;

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en },
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

export default i18n;
