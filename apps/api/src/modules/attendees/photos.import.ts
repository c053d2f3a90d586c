import { IMPORT_MESSAGES, isEmail, isUrl, MESSAGES, type ImportColumn } from '@plenary/domain';
import { EgressError, egressFetch } from '../../platform/egress.js';
import { HttpError } from '../../platform/errors.js';
import { forget, PHOTO_MAX_BYTES, processPhoto } from './photos.service.js';
import { participantEmailsOf, setStagedPhotos } from './photos-import.repo.js';
import { stagedValues } from '../../platform/import-tables/staged.repo.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';

/**
 * The spec's `ImportPhoto` table (xlsx): a participant's e-mail and the http(s) address of a photo.
 * Verify downloads each photo through the egress client (private addresses refused, 10 s, 10 MB),
 * checks and resizes it exactly like an uploaded participant photo (`processPhoto`), and stores the
 * result; commit points the participants at the stored photos in one statement; the photos they
 * had are removed afterwards when nobody uses them. Photos of an import that is discarded or
 * verified again are removed. Images embedded in the sheet are not read: the streaming reader
 * does not anchor pictures to rows, and an address keeps the file small.
 */
const COLUMNS: ImportColumn[] = [
  {
    key: 'email',
    label: 'E-mail',
    required: true,
    identifies: true,
    type: 'EMAIL',
    example: 'jane.doe@example.com',
    enumValues: [],
    isEnumMultiple: false,
    description: 'A participant of this event',
  },
  {
    key: 'photo',
    label: 'Photo',
    required: true,
    identifies: false,
    type: 'IMAGE_URL',
    example: 'https://example.com/photos/jane.jpg',
    enumValues: [],
    isEnumMultiple: false,
    description: 'Address of a JPEG or PNG image, at most 10 MB',
  },
];

export const PHOTO_FETCH_TIMEOUT_MS = 10_000;

export const photosImport: ImportTableDef = {
  table: 'ImportPhoto',
  keyColumn: 'email',
  columns: async () => COLUMNS,
  async checker(ctx) {
    const participants = new Set(await participantEmailsOf(ctx.db, ctx.eventId));
    return {
      async check(cells: ReadonlyMap<string, Cell>): Promise<RowCheck> {
        const errors: Record<string, string> = {};
        const email = textOf(cells.get('email'))?.toLowerCase();
        const url = textOf(cells.get('photo'));
        if (email === undefined) errors.email = MESSAGES.required;
        else if (!isEmail(email)) errors.email = MESSAGES.invalidEmail;
        else if (!participants.has(email)) errors.email = IMPORT_MESSAGES.notInEvent;
        if (url === undefined) errors.photo = MESSAGES.required;
        else if (!isUrl(url)) errors.photo = MESSAGES.invalidUrl;
        if (Object.keys(errors).length > 0 || email === undefined || url === undefined)
          return { ok: false, errors };
        try {
          const fetched = await egressFetch(url, ctx.config, {
            maxBytes: PHOTO_MAX_BYTES,
            timeoutMs: PHOTO_FETCH_TIMEOUT_MS,
          });
          const photo = await processPhoto(fetched.bytes);
          const key = await ctx.storage.put(photo.bytes, photo.contentType);
          return { ok: true, key: email, data: { photoUrl: ctx.storage.url(key) } };
        } catch (err) {
          if (err instanceof EgressError)
            return {
              ok: false,
              errors: {
                photo:
                  err.kind === 'refused' ? IMPORT_MESSAGES.photoUrlRefused : IMPORT_MESSAGES.photoUrlFetch,
              },
            };
          if (err instanceof HttpError) return { ok: false, errors: { photo: err.message } };
          throw err;
        }
      },
      release: (verdict) => forget(ctx.db, ctx.storage, String(verdict.data.photoUrl)),
    };
  },
  async commit(tx, ctx) {
    const rows = await setStagedPhotos(tx, ctx.eventId, ctx.importId, ctx.actor);
    replaced.set(
      ctx.importId,
      rows.map((r) => r.oldUrl).filter((u): u is string => u !== null),
    );
    return { created: 0, updated: rows.length };
  },
  async afterCommit(ctx) {
    const urls = replaced.get(ctx.importId) ?? [];
    replaced.delete(ctx.importId);
    for (const url of urls) await forget(ctx.db, ctx.storage, url);
  },
  async discardStaged(db, ctx) {
    for (const url of await stagedValues(db, ctx.importId, 'photoUrl')) await forget(db, ctx.storage, url);
  },
};

/** Photos a commit replaced, removed once the commit is durable (same process, right after). */
const replaced = new Map<string, string[]>();
