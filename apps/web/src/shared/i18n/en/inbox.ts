/** Issue 14 (communications): the participant inbox and push permission (features/participant-inbox). */
export default {
  title: 'Inbox',
  moreText: 'Announcements and reminders sent to you.',
  loading: 'Loading your inbox…',
  loadFailed: 'Your inbox could not be loaded.',
  empty: 'Nothing here yet',
  emptyText: 'Announcements from the organisers and reminders for your sessions and meetings appear here.',
  loadMore: 'Show older messages',
  unread_zero: 'Everything read',
  unread_one: '{{count}} unread message',
  unread_other: '{{count}} unread messages',
  unreadLabel: 'Unread',
  new: 'New',
  markAll: 'Mark all read',
  bell: 'Inbox',
  bellUnread_one: 'Inbox, {{count}} unread message',
  bellUnread_other: 'Inbox, {{count}} unread messages',
  push: {
    title: 'Notifications on this device',
    why: 'Get announcements and a reminder before your sessions and meetings, even when the app is closed. You can turn them off at any time.',
    turnOn: 'Turn on notifications',
    turnOff: 'Turn off',
    on: 'Notifications are on for this device.',
    grantedOff: 'Notifications are allowed but not turned on for this device.',
    denied:
      'Notifications are blocked for this site. To get them, allow notifications in your browser’s site settings. Everything still arrives in this inbox.',
    unsupported: 'This browser cannot show notifications. Everything still arrives in this inbox.',
    iosInstall:
      'On iPhone and iPad, notifications work once the app is on your home screen: tap Share, then “Add to Home Screen”, and open it from there.',
    failed: 'Notifications could not be turned on. Please try again.',
  },
};
