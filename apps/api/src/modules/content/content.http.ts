import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTENT_MESSAGES, AGENDA_MESSAGES } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { checkText } from '../../platform/boundary.js';
import { HttpError } from '../../platform/errors.js';
import { eventParams } from '../../platform/http.js';
import { idempotencyGate } from '../../platform/idempotency.js';
import type { ContentReader, ContentScope } from './content.repo.js';
import { allowed, eventAccess, eventIdOf, type EventAccess } from '../../platform/event-access.js';
import { participantIdOfUser } from '../attendees/index.js';
import { viewerOf } from '../agenda/index.js';

export const TAG = 'content';
export { errors, eventParams, noContent } from '../../platform/http.js';

export const idParams = eventParams.extend({ id: z.uuid() });
export const pinParams = idParams.extend({ pinId: z.uuid() });

/**
 * Who may use a content route: 'admin' (event admins and above) writes, 'read' (admins and the
 * event's moderators) reads everything, 'member' (anyone with a role in the event, participants
 * included) reads what the participant app shows. No role in the event: 404.
 */
export type ContentNeed = 'admin' | 'read' | 'member';
export const ACCESS = {
  admin: 'Event admins and above write; moderators and participants 403; another tenant 404.',
  read: "Event admins and above and the event's moderators; participants 403; another tenant 404.",
  member: 'Anyone with a role in the event (admins, moderators, participants); another tenant 404.',
} as const;

export const contentAccess = (db: Db, request: FastifyRequest, need: ContentNeed): Promise<EventAccess> =>
  eventAccess(db, request, eventIdOf(request), need);

/**
 * Whose audiences apply (content.repo.ts ContentReader): admins and moderators read everything; a
 * participant what their agenda shows (the agenda's Viewer: labels and matched rule sets, 2-3
 * statements); a member without a participant record only what is for everyone.
 */
export async function readerOf(db: Db, { ctx, event }: EventAccess): Promise<ContentReader> {
  if (allowed(ctx.principal, event, 'read')) return 'all';
  const participantId = await participantIdOfUser(db, event.id, ctx.principal.userId);
  return participantId ? viewerOf(db, event.id, participantId) : 'none';
}

/** The reader's ContentScope (content.repo.ts): an admin or not, and whose audiences apply. */
export const scopeOf = async (db: Db, a: EventAccess): Promise<ContentScope> => ({
  eventId: a.event.id,
  admin: allowed(a.ctx.principal, a.event, 'admin'),
  reader: await readerOf(db, a),
});
export const adminScope = (eventId: string): ContentScope => ({ eventId, admin: true, reader: 'all' });
export const contentScope = async (
  db: Db,
  request: FastifyRequest,
  need: ContentNeed,
): Promise<ContentScope> => scopeOf(db, await contentAccess(db, request, need));

/** An uploaded file plus the form's text fields. */
export interface Upload {
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

const missing = () =>
  new HttpError(400, `file: ${CONTENT_MESSAGES.fileMissing}`, { file: CONTENT_MESSAGES.fileMissing });
const tooLarge = () =>
  new HttpError(413, `file: ${AGENDA_MESSAGES.fileTooLarge}`, { file: AGENDA_MESSAGES.fileTooLarge });

/**
 * Reads a multipart body: one file in the field "file" (at most `maxBytes`: 413 above, the stream
 * stops there) and any text fields before or after it. 400 without a file or for a body that is
 * not multipart.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(400, `file: ${CONTENT_MESSAGES.fileMissing}`, { file: 'Send one file' });
    throw new HttpError(400, `file: ${CONTENT_MESSAGES.fileMissing}`, { file: CONTENT_MESSAGES.fileMissing });
  }
  if (!file || file.bytes.length === 0) throw missing();
  // The boundary's text rule (platform/boundary.ts) for what only the handler reads: fields and the file's name.
  checkText({ ...fields, file: file.fileName });
  return { ...file, fields };
}

/** Idempotency-Key of a multipart POST: the same fields and the same file make the same request. */
export function uploadGate(request: FastifyRequest, reply: FastifyReply, upload: Upload): Promise<boolean> {
  return idempotencyGate(request, reply, {
    fields: upload.fields,
    fileName: upload.fileName,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
  });
}
