import { mergeMessages } from '@plenary/domain';
import * as linkify from 'linkifyjs';

/** A piece of a message as it is shown: plain text, or a link (web address or e-mail address). */
export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const SAFE_SCHEMES = /^(https?:|mailto:)/i;

/**
 * Splits a message into text and links (linkifyjs): web addresses and bare e-mail addresses
 * (spec part 5) become links; only http(s) and mailto targets are ever produced.
 */
export function messageSegments(text: string): Segment[] {
  const out: Segment[] = [];
  for (const token of linkify.tokenize(text)) {
    const value = token.toString();
    if (token.isLink) {
      const href = token.toHref('https');
      if (SAFE_SCHEMES.test(href)) {
        out.push({ kind: 'link', text: value, href });
        continue;
      }
    }
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += value;
    else out.push({ kind: 'text', text: value });
  }
  return out;
}

/** A message the client holds: from the API or a live frame (timestamps as ISO strings). */
export interface HeldMessage {
  id: string;
  conversationId: string;
  seq: number;
  sender: { participantId: string; firstName: string; lastName: string; photoUrl: string | null } | null;
  text: string;
  hidden: boolean;
  clientId: string | null;
  createdAt: string;
}

/** The sender's message before the API acknowledged it (pending), or after it failed. */
export interface PendingMessage {
  clientId: string;
  text: string;
  status: 'pending' | 'failed';
}

export interface ThreadState {
  messages: HeldMessage[];
  pending: PendingMessage[];
  /** Every seq from `floor + 1` to `synced` is held (what a catch-up read starts after). */
  floor: number;
  synced: number;
}

export const emptyThread: ThreadState = { messages: [], pending: [], floor: 0, synced: 0 };

/** The highest seq held with none missing between it and `floor`. */
export function contiguousSeq(messages: readonly { seq: number }[], floor: number): number {
  const seqs = new Set(messages.map((m) => m.seq));
  let last = floor;
  while (seqs.has(last + 1)) last += 1;
  return last;
}

/** The first page read: its oldest message sets the floor (older ones are read by scrolling back). */
export function threadFrom(page: readonly HeldMessage[]): ThreadState {
  const floor = page.length > 0 ? Math.min(...page.map((m) => m.seq)) - 1 : 0;
  return { messages: [...page], pending: [], floor, synced: contiguousSeq(page, floor) };
}

/**
 * Merges what arrived (live frames, a catch-up read, the sender's acknowledgement) by seq: each
 * message once, in seq order; a pending message is dropped once its acknowledged copy is held.
 */
export function receive(state: ThreadState, arrived: readonly HeldMessage[]): ThreadState {
  if (arrived.length === 0) return state;
  const messages = mergeMessages(state.messages, arrived);
  const acknowledged = new Set(messages.map((m) => m.clientId).filter(Boolean));
  return {
    messages,
    pending: state.pending.filter((p) => !acknowledged.has(p.clientId)),
    floor: state.floor,
    synced: contiguousSeq(messages, state.floor),
  };
}

/** Older messages read by scrolling back: they lower the floor. */
export function receiveOlder(state: ThreadState, older: readonly HeldMessage[]): ThreadState {
  if (older.length === 0) return state;
  const floor = Math.min(state.floor, Math.min(...older.map((m) => m.seq)) - 1);
  const messages = mergeMessages(older, state.messages);
  return { ...state, messages, floor, synced: contiguousSeq(messages, floor) };
}

/** A live frame leaves a gap (some message in between was missed): read after `synced`. */
export function hasGap(state: ThreadState): boolean {
  const max = state.messages.reduce((m, x) => Math.max(m, x.seq), state.floor);
  return max > state.synced;
}

export function markHidden(state: ThreadState, messageId: string): ThreadState {
  return {
    ...state,
    messages: state.messages.map((m) => (m.id === messageId ? { ...m, hidden: true, text: '' } : m)),
  };
}

export function addPending(state: ThreadState, p: PendingMessage): ThreadState {
  return { ...state, pending: [...state.pending.filter((x) => x.clientId !== p.clientId), p] };
}

export function failPending(state: ThreadState, clientId: string): ThreadState {
  return {
    ...state,
    pending: state.pending.map((p) => (p.clientId === clientId ? { ...p, status: 'failed' } : p)),
  };
}

/** A short random id for a message the client sends (retries reuse it: the API stores it once). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Initials for an avatar. */
export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}
