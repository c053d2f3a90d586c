/**
 * Realtime rooms: `<kind>:<id>`. A socket joins its user room on connect and any other room by
 * asking (`subscribe`); the server checks access per kind. Kinds beyond the first four are reserved
 * for the live modules, which register their access check when they arrive.
 */
export const ROOM_KINDS = [
  'user',
  'event',
  'eventStaff',
  'session',
  'engagement',
  'moderatorQueue',
  'conversation',
  'leaderboard',
] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  /** Everyone with a role in the event (participants, moderators, admins). */
  event: (eventId: string) => `event:${eventId}`,
  /** The event's admins and moderators. */
  eventStaff: (eventId: string) => `eventStaff:${eventId}`,
  /** Who may see the session. */
  session: (sessionId: string) => `session:${sessionId}`,
  /** Who may take part in the instance (OPEN, in the tool's audience, sees the session) and its staff. */
  engagement: (instanceId: string) => `engagement:${instanceId}`,
  /** The instance's moderators: the session's moderators and the event's admins. */
  moderatorQueue: (instanceId: string) => `moderatorQueue:${instanceId}`,
  /** The members of a chat conversation (1:1, group or a session's chat). */
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** A game's front-of-room board: the event's staff always, its participants while the game is published. */
  leaderboard: (gameId: string) => `leaderboard:${gameId}`,
} as const satisfies Partial<Record<RoomKind, (id: string) => string>>;

export interface ParsedRoom {
  kind: RoomKind;
  id: string;
}

/** `kind:uuid` of a known kind, or undefined for anything else. */
export function parseRoom(room: unknown): ParsedRoom | undefined {
  if (typeof room !== 'string' || room.length > 100) return undefined;
  const at = room.indexOf(':');
  const kind = room.slice(0, at);
  const id = room.slice(at + 1);
  if (at < 1 || !(ROOM_KINDS as readonly string[]).includes(kind) || !UUID.test(id)) return undefined;
  return { kind: kind as RoomKind, id: id.toLowerCase() };
}

/** What a `subscribe` / `unsubscribe` carries, and what its acknowledgement answers. */
export interface RoomRequest {
  room: string;
}
export type RoomAck = { ok: true } | { error: string };

export const REALTIME_MESSAGES = {
  unknownRoom: 'Unknown room',
  forbiddenRoom: 'Not allowed in this room',
  unavailable: 'Try again later',
} as const;
