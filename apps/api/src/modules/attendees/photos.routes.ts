import type { FastifyRequest } from 'fastify';
import { ATTENDEE_MESSAGES, participantSchema, userProfileSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams, participantParams, TAG } from './attendees.http.js';
import { findParticipantByUser } from './participants.list.js';
import * as participants from './participants.service.js';
import { PHOTO_MAX_BYTES, removePhoto, setPhoto } from './photos.service.js';

const UPLOAD =
  'multipart/form-data with the image in the field "file": JPEG or PNG by content (the name is not trusted), at most 10 MB (413 above). Scaled to fit 1024×1024, upright, metadata removed.';

/** The uploaded file's bytes: 400 without a file, 413 above the cap (the stream stops there). */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  let file;
  try {
    file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  } catch {
    throw new HttpError(400, ATTENDEE_MESSAGES.photoMissing, { file: ATTENDEE_MESSAGES.photoMissing });
  }
  if (!file)
    throw new HttpError(400, ATTENDEE_MESSAGES.photoMissing, { file: ATTENDEE_MESSAGES.photoMissing });
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, ATTENDEE_MESSAGES.photoTooLarge, { file: ATTENDEE_MESSAGES.photoTooLarge });
    throw err;
  }
}

/** `/{participantId}/photo` (admins) and `/user-profile/photo` (the participant). */
export function photoRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const storage = storageFor(config);
  const base = '/events/:eventId/participants';

  app.post(
    `${base}/:participantId/photo`,
    {
      schema: {
        tags: [TAG],
        summary: "Upload a participant's photo",
        description: `${UPLOAD} Answers the participant. Admins only.`,
        params: participantParams,
        consumes: ['multipart/form-data'],
        response: { 200: participantSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const a = await eventAccess(db, request, request.params.eventId, 'admin');
      await participants.getParticipant(db, a.event.id, request.params.participantId);
      await setPhoto(
        db,
        storage,
        a.ctx,
        a.event.id,
        request.params.participantId,
        await uploadedBytes(request),
      );
      return participants.getParticipant(db, a.event.id, request.params.participantId);
    },
  );

  app.delete(
    `${base}/:participantId/photo`,
    {
      schema: {
        tags: [TAG],
        summary: "Remove a participant's photo",
        description: 'Admins only.',
        params: participantParams,
        response: { 200: participantSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await eventAccess(db, request, request.params.eventId, 'admin');
      await participants.getParticipant(db, a.event.id, request.params.participantId);
      await removePhoto(db, storage, a.ctx, a.event.id, request.params.participantId);
      return participants.getParticipant(db, a.event.id, request.params.participantId);
    },
  );

  const own = async (request: FastifyRequest<{ Params: { eventId: string } }>) => {
    const a = await eventAccess(db, request, request.params.eventId, 'member');
    const me = await findParticipantByUser(db, a.event.id, a.ctx.principal.userId);
    if (!me) throw new HttpError(404, ATTENDEE_MESSAGES.notParticipant);
    return { a, me };
  };

  app.post(
    `${base}/user-profile/photo`,
    {
      schema: {
        tags: [TAG],
        summary: "Upload the caller's own photo in this event",
        description: `${UPLOAD} Answers the profile as GET user-profile does.`,
        params: eventParams,
        consumes: ['multipart/form-data'],
        response: { 200: userProfileSchema, ...errors(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const { a, me } = await own(request);
      await setPhoto(db, storage, a.ctx, a.event.id, me.id, await uploadedBytes(request));
      return participants.userProfile(db, a);
    },
  );

  app.delete(
    `${base}/user-profile/photo`,
    {
      schema: {
        tags: [TAG],
        summary: "Remove the caller's own photo in this event",
        params: eventParams,
        response: { 200: userProfileSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { a, me } = await own(request);
      await removePhoto(db, storage, a.ctx, a.event.id, me.id);
      return participants.userProfile(db, a);
    },
  );
}
