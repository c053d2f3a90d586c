import sharp from 'sharp';
import { ATTENDEE_MESSAGES, MAX_IMAGE_UPLOAD_BYTES, sniffFileType } from '@plenary/domain';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { HttpError } from '../../platform/errors.js';
import type { Storage, StoredContentType } from '../../platform/storage.js';
import { PHOTO_ENTITY } from './activity.repo.js';
import * as repo from './participants.repo.js';
import { publishIfProfileCompleted } from './profile-completion.js';

/**
 * Participant photos: JPEG or PNG by content (the file name and the declared type are not
 * trusted: a PNG named .jpg is a PNG, a PDF named .png is refused), at most 10 MB, decoded and
 * re-encoded by sharp: turned upright by its EXIF orientation, metadata (GPS and the like) dropped,
 * scaled down to fit PHOTO_MAX_SIDE (never up). PNG stays PNG (transparency), JPEG stays JPEG.
 * The result is stored through storage.ts under a generated name.
 */
export const PHOTO_MAX_BYTES = MAX_IMAGE_UPLOAD_BYTES;
export const PHOTO_MAX_SIDE = 1024;
/** Decompression bombs: larger images are refused before they are decoded. */
export const PHOTO_MAX_PIXELS = 50_000_000;

export async function processPhoto(
  bytes: Buffer,
): Promise<{ bytes: Buffer; contentType: StoredContentType }> {
  const type = sniffFileType(bytes.subarray(0, 4096));
  if (type !== 'jpeg' && type !== 'png')
    throw new HttpError(400, ATTENDEE_MESSAGES.photoType, { file: ATTENDEE_MESSAGES.photoType });
  try {
    const image = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out =
      type === 'png'
        ? await image.png({ compressionLevel: 8 }).toBuffer()
        : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { bytes: out, contentType: type === 'png' ? 'image/png' : 'image/jpeg' };
  } catch {
    throw new HttpError(400, ATTENDEE_MESSAGES.photoUnreadable, { file: ATTENDEE_MESSAGES.photoUnreadable });
  }
}

/** Stores the photo and points the participant at it; the previous file goes when nobody uses it any more. */
export async function setPhoto(
  db: Db,
  storage: Storage,
  ctx: WriteContext,
  eventId: string,
  participantId: string,
  bytes: Buffer,
): Promise<void> {
  const before = await repo.photoUrlOf(db, eventId, participantId);
  const photo = await processPhoto(bytes);
  const key = await storage.put(photo.bytes, photo.contentType);
  try {
    await db.transaction().execute(async (tx) => {
      await repo.updateParticipants(
        tx,
        eventId,
        [participantId],
        { photoUrl: storage.url(key) },
        ctx.actorId,
      );
      await audit(tx, ctx, 'update', PHOTO_ENTITY, participantId);
      // Only the photo changed: complete before only if it had one.
      await publishIfProfileCompleted(tx, ctx, eventId, participantId, Boolean(before));
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  await forget(db, storage, before);
}

export async function removePhoto(
  db: Db,
  storage: Storage,
  ctx: WriteContext,
  eventId: string,
  participantId: string,
): Promise<void> {
  const before = await repo.photoUrlOf(db, eventId, participantId);
  await db.transaction().execute(async (tx) => {
    await repo.updateParticipants(tx, eventId, [participantId], { photoUrl: null }, ctx.actorId);
    await audit(tx, ctx, 'delete', PHOTO_ENTITY, participantId);
  });
  await forget(db, storage, before);
}

/** Removes a stored photo once no participant or account uses it (after a removal commits). */
export async function forget(db: Db, storage: Storage, url: string | null | undefined): Promise<void> {
  const key = storage.keyOf(url);
  if (key && url && !(await repo.photoInUse(db, url))) await storage.delete(key);
}
