import { z } from 'zod';
import { maxLengthString } from '../validation/strings.js';
import { timestampSchema } from '../tenancy/common.js';

/**
 * Business-card exchange (issue 13): a participant's badge is a PARTICIPANT_QR_CODE (spec part 3:
 * `{"type":"PARTICIPANT_QR_CODE","eventId","participantId"}`). Scanning it sends a card request;
 * when the recipient accepts, both have each other in Contacts (mutual rows) with private notes,
 * exportable as vCard and CSV. The exchange announces the domain event `card.exchanged`.
 */
export const CARD_NOTE_MAX_LENGTH = 500;
export const CONTACT_NOTE_MAX_LENGTH = 2000;
/** A scanned text longer than this is not one of our codes. */
export const CARD_QR_MAX_LENGTH = 1000;
export const CONTACT_SEARCH_MAX_LENGTH = 200;

export const CARD_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];

export const CARD_MESSAGES = {
  notABadge: 'This is not a participant badge',
  ownBadge: 'This is your own badge',
  qrOrParticipant: 'Scan a badge or choose a person',
  alreadyDeclined: 'This request was declined',
  alreadyAccepted: 'This request was already accepted',
} as const;

/** A person as the exchange shows them (name, job, company, photo; e-mail and phone only for contacts). */
export const cardPersonSchema = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  photoUrl: z.string().nullable(),
});
export type CardPerson = z.output<typeof cardPersonSchema>;

/** `POST business-cards/requests`: the scanned badge text (`qr`) or, from a profile, the person (`participantId`). */
export const sendCardRequestSchema = z
  .object({
    qr: maxLengthString(CARD_QR_MAX_LENGTH).optional(),
    participantId: z.uuid().optional(),
    note: maxLengthString(CARD_NOTE_MAX_LENGTH).trim().default(''),
  })
  .refine((b) => (b.qr === undefined) !== (b.participantId === undefined), {
    path: ['qr'],
    message: CARD_MESSAGES.qrOrParticipant,
  });
export type SendCardRequest = z.input<typeof sendCardRequestSchema>;

export const cardRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(CARD_REQUEST_STATUSES),
  note: z.string(),
  createdAt: timestampSchema,
  /** The other person: the sender for incoming requests, the recipient for outgoing ones. */
  person: cardPersonSchema,
});
export type CardRequest = z.output<typeof cardRequestSchema>;

/**
 * What sending answers: the request and where the two stand. `CONTACT` when they already are
 * contacts (also when the recipient had sent a request to the sender: scanning each other accepts it).
 */
export const cardRequestResultSchema = z.object({
  state: z.enum(['PENDING', 'CONTACT']),
  request: cardRequestSchema,
});
export type CardRequestResult = z.output<typeof cardRequestResultSchema>;

export const cardRequestsSchema = z.object({
  /** Pending requests sent to the caller, newest first. */
  incoming: z.array(cardRequestSchema),
  /** The caller's own pending requests, newest first. */
  outgoing: z.array(cardRequestSchema),
});
export type CardRequests = z.output<typeof cardRequestsSchema>;

export const contactSchema = cardPersonSchema.extend({
  email: z.string(),
  phone: z.string(),
  /** The owner's private note. */
  note: z.string(),
  /** When the cards were exchanged. */
  createdAt: timestampSchema,
});
export type Contact = z.output<typeof contactSchema>;

export const contactsQuerySchema = z.object({
  search: maxLengthString(CONTACT_SEARCH_MAX_LENGTH).trim().optional(),
});
export const contactsSchema = z.object({ records: z.array(contactSchema), total: z.number().int() });
export type Contacts = z.output<typeof contactsSchema>;

export const contactNoteSchema = z.object({ note: maxLengthString(CONTACT_NOTE_MAX_LENGTH).trim() });

export const CONTACT_EXPORT_FORMATS = ['vcf', 'csv'] as const;
export const contactsExportQuerySchema = z.object({ format: z.enum(CONTACT_EXPORT_FORMATS).default('vcf') });

/** The caller's badge: the PARTICIPANT_QR_CODE payload text and its QR drawing. */
export const badgeSchema = z.object({
  eventId: z.uuid(),
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  /** `{"type":"PARTICIPANT_QR_CODE","eventId","participantId"}` */
  payload: z.string(),
  /** The payload as an SVG QR code. */
  svg: z.string(),
  profileHidden: z.boolean(),
});
export type Badge = z.output<typeof badgeSchema>;

/** Organisers: how much cards were exchanged at the event. */
export const cardStatsSchema = z.object({
  exchanges: z.number().int(),
  pending: z.number().int(),
  participantsWithContacts: z.number().int(),
});

/** Realtime (user room): a card request to or from the user changed; clients refetch. */
export const cardRequestEventSchema = z.object({
  eventId: z.uuid(),
  requestId: z.uuid(),
  status: z.enum(CARD_REQUEST_STATUSES),
});
export const CARD_REQUEST_EVENT = 'card.request' as const;

const escapeVcard = (v: string) =>
  v.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

/** Folds a vCard content line at 75 octets (RFC 6350 §3.2), never inside a UTF-8 sequence. */
function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const code = ch.codePointAt(0) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** One vCard 3.0 per contact, CRLF lines: the whole list in one .vcf. */
export function contactsToVcard(contacts: readonly Omit<Contact, 'createdAt'>[]): string {
  return contacts
    .map((c) => {
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${escapeVcard(c.lastName)};${escapeVcard(c.firstName)};;;`,
        `FN:${escapeVcard(`${c.firstName} ${c.lastName}`.trim() || c.email)}`,
      ];
      if (c.company) lines.push(`ORG:${escapeVcard(c.company)}`);
      if (c.jobTitle) lines.push(`TITLE:${escapeVcard(c.jobTitle)}`);
      if (c.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVcard(c.email)}`);
      if (c.phone) lines.push(`TEL:${escapeVcard(c.phone)}`);
      if (c.note) lines.push(`NOTE:${escapeVcard(c.note)}`);
      lines.push('END:VCARD');
      return lines.map(foldLine).join('\r\n') + '\r\n';
    })
    .join('');
}

export const CONTACTS_CSV_HEADER = [
  'First name',
  'Last name',
  'E-mail',
  'Phone',
  'Job title',
  'Company',
  'Note',
  'Exchanged at',
] as const;
