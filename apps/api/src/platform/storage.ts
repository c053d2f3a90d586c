import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from './config.js';

/**
 * One storage interface for uploaded files. Files are stored under generated names (never the
 * uploader's), so a key says nothing about its content and can not climb out of the store:
 * `<32 hex digits>.<ext>`, the extension taken from the content type the caller has already
 * checked (by content, not by name). Stored files are served publicly by `GET /api/v1/files/:key`
 * (unguessable keys; the attendees module registers the route), so store only what may be public
 * (profile photos, logos, materials shown to participants).
 *
 * The default store is the disk under `DATA_DIR/uploads`, two-character fan-out directories. An
 * S3-compatible store would implement the same interface.
 */
export interface Storage {
  /** Stores the bytes and returns their new key. */
  put(bytes: Buffer, contentType: StoredContentType): Promise<string>;
  /** The bytes and content type of a key, or undefined (unknown or malformed key). Reads the whole file: serve with `open`. */
  get(key: string): Promise<{ bytes: Buffer; contentType: StoredContentType } | undefined>;
  /** A key's size and type, with a stream of its bytes, or undefined (unknown or malformed key). */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes a key (no error when it is gone). */
  delete(key: string): Promise<void>;
  /** The URL the API serves the file at, relative to the site: `/api/v1/files/<key>`. */
  url(key: string): string;
  /** The key of a URL made by `url()`, or undefined for any other URL. */
  keyOf(url: string | null | undefined): string | undefined;
}

/** An opened stored file: nothing is read until `stream` is called. */
export interface StoredFile {
  size: number;
  contentType: StoredContentType;
  /** The bytes from `start` to `end`, both included (as in HTTP ranges), or the whole file. */
  /**
   * The bytes (a range: both ends included), opened before it resolves: undefined when the file
   * was deleted since `open` (a replaced material), so the caller answers 404, not a broken 200.
   */
  stream(range?: { start: number; end: number }): Promise<Readable | undefined>;
}

export const STORED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  // Materials (content module): video, audio, presentations.
  'video/mp4': 'mp4',
  'video/x-m4v': 'm4v',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  // Import uploads: kept in the private store only (privateStorageFor).
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
} as const;
export type StoredContentType = keyof typeof STORED_TYPES;

const KEY = /^([0-9a-f]{32})\.(jpg|png|pdf|mp4|m4v|mov|mp3|m4a|ppt|pptx|csv|xlsx)$/;
export const FILES_PATH = '/api/v1/files/';

export const isStorageKey = (key: string) => KEY.test(key);

export function contentTypeOfKey(key: string): StoredContentType | undefined {
  const ext = KEY.exec(key)?.[2];
  return (Object.keys(STORED_TYPES) as StoredContentType[]).find((t) => STORED_TYPES[t] === ext);
}

export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  return {
    async put(bytes, contentType) {
      const key = `${randomBytes(16).toString('hex')}.${STORED_TYPES[contentType]}`;
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      // Written under a temporary name first: a reader never sees half a file.
      const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o640 });
      await rename(tmp, path);
      return key;
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      try {
        return { bytes: await readFile(pathOf(key)), contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async open(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      const path = pathOf(key);
      try {
        const stats = await stat(path);
        if (!stats.isFile()) return undefined;
        // A key's bytes never change (a new file gets a new key), so the size stays true for the stream.
        return { size: stats.size, contentType, stream: (range) => openedStream(path, range) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    url: (key) => `${FILES_PATH}${key}`,
    keyOf(url) {
      if (!url?.startsWith(FILES_PATH)) return undefined;
      const key = url.slice(FILES_PATH.length);
      return isStorageKey(key) ? key : undefined;
    },
  };
}

/** A file's read stream once the file is open (then it stays readable even if deleted), or undefined when it is gone. */
async function openedStream(path: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
  const stream = createReadStream(path, range ?? {});
  try {
    await once(stream, 'ready');
    return stream;
  } catch (err) {
    stream.destroy();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const stores = new Map<string, Storage>();

/** The store of a configuration (one per DATA_DIR): disk under `DATA_DIR/uploads`. */
export function storageFor(config: Pick<Config, 'DATA_DIR'>): Storage {
  const root = join(config.DATA_DIR, 'uploads');
  let store = stores.get(root);
  if (!store) {
    store = createDiskStorage(root);
    stores.set(root, store);
  }
  return store;
}

/**
 * The store of files that are never served (uploaded import files, which hold personal data):
 * disk under `DATA_DIR/private`, outside the public store that `GET /api/v1/files/:key` reads.
 */
export function privateStorageFor(config: Pick<Config, 'DATA_DIR'>): Storage {
  return storageFor({ DATA_DIR: join(config.DATA_DIR, 'private') });
}
