import { isDeepStrictEqual } from 'node:util';
import { AGENDA_MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { conflict } from '../../platform/errors.js';
import type { Storage, StoredContentType } from '../../platform/storage.js';

/** Rules shared by the content services: stored files, names, and what tells the agenda. */

/** A write the participants' agenda shows: the database, and the realtime rooms to announce it on (`agenda.changed`). */
export type ContentDeps = Pick<AppDeps, 'db' | 'realtime'>;

/**
 * A field of a partial update the agenda shows was given with another value than the stored one.
 * The web forms send every field, so "given" alone would make every participant refetch after a
 * description edit.
 */
export const shownChange = (pairs: ReadonlyArray<readonly [stored: unknown, given: unknown]>): boolean =>
  pairs.some(([stored, given]) => given !== undefined && !isDeepStrictEqual(stored, given));

/**
 * Stores a file, then runs the write that points a row at it. When the write fails the new file is
 * removed again, so a refused or failed request leaves nothing in the store.
 */
export async function withStoredFile<T>(
  storage: Storage,
  file: { bytes: Buffer; contentType: StoredContentType },
  write: (key: string) => Promise<T>,
): Promise<T> {
  const key = await storage.put(file.bytes, file.contentType);
  try {
    return await write(key);
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/**
 * Removes a file no row points at any more (after the write that dropped it committed). Keys are
 * generated per upload and never shared, so nothing else can still use it.
 */
export async function release(storage: Storage, key: string | null | undefined): Promise<void> {
  if (key) await storage.delete(key);
}

export const nameTakenError = () =>
  conflict(`name: ${AGENDA_MESSAGES.nameTaken}`, { name: AGENDA_MESSAGES.nameTaken });
export const inUseError = () => conflict(AGENDA_MESSAGES.inUse);

/** PostgreSQL unique violation (two requests creating the same name at once). */
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string }).code === '23505';

/** Runs a write whose unique index on (event, lower(name)) may refuse it: 409 with the name message. */
export async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTakenError();
    throw err;
  }
}
