/**
 * Where the participant app's networking pages live (issue 13). Page ids `activity-feed`, `meetings`,
 * `chat`, `contacts`, `badge`, `card-scan`, `directories`, `directory` and `game` are reserved: their static
 * segments rank above the designer's `/event/:eventId/:pageId`.
 */
const base = (eventId: string) => `/event/${encodeURIComponent(eventId)}`;
const seg = (value: string) => encodeURIComponent(value);

export const participantPaths = {
  feed: (eventId: string) => `${base(eventId)}/activity-feed`,
  feedPost: (eventId: string, postId: string) => `${base(eventId)}/activity-feed/${seg(postId)}`,
  meetings: (eventId: string) => `${base(eventId)}/meetings`,
  chat: (eventId: string) => `${base(eventId)}/chat`,
  conversation: (eventId: string, conversationId: string) => `${base(eventId)}/chat/${seg(conversationId)}`,
  contacts: (eventId: string) => `${base(eventId)}/contacts`,
  /** The participant's own badge: their PARTICIPANT_QR_CODE. */
  badge: (eventId: string) => `${base(eventId)}/badge`,
  /** The business card exchange scanner (a page-builder link target). */
  cardScan: (eventId: string) => `${base(eventId)}/card-scan`,
  /** The participant's inbox: every communication received (issue 14). */
  inbox: (eventId: string) => `${base(eventId)}/inbox`,
  /** The participant's game page (issue 15): their games, or one game with its board and badges. */
  game: (eventId: string, gameId?: string) =>
    gameId ? `${base(eventId)}/game/${seg(gameId)}` : `${base(eventId)}/game`,
  /** The app's scanner: session check-in and custom QR codes (a page-builder link target). */
  scan: (eventId: string) => `${base(eventId)}/scan`,
  directories: (eventId: string) => `${base(eventId)}/directories`,
  directory: (eventId: string, directoryId: string) => `${base(eventId)}/directories/${seg(directoryId)}`,
  /** Directory sub-detail: a person opened from a directory (spec: optional itemId and directoryId). */
  directoryItem: (eventId: string, directoryId: string, itemId: string) =>
    `${base(eventId)}/directory/${seg(directoryId)}/${seg(itemId)}`,
} as const;
