import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * One storage interface for uploaded files, with two backends: the disk (`disk.ts`, the default)
 * and an S3-compatible bucket (`s3.ts`, with `STORAGE_URL`). Files are stored under generated
 * names (never the uploader's), so a key says nothing about its content and can not climb out of
 * the store: `<32 hex digits>.<ext>`, the extension taken from the content type the caller has
 * already checked (by content, not by name). A key's bytes never change (a new file gets a new
 * key), which is what lets the files route use the key as a strong ETag on either backend.
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
  /**
   * The bytes (a range: both ends included, as in HTTP ranges), opened before it resolves:
   * undefined when the file was deleted since `open` (a replaced material), so the caller answers
   * 404, not a broken 200.
   */
  stream(range?: ByteSpan): Promise<Readable | undefined>;
}

export type ByteSpan = { start: number; end: number };

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

export const newStorageKey = (contentType: StoredContentType) =>
  `${randomBytes(16).toString('hex')}.${STORED_TYPES[contentType]}`;

/** `url` and `keyOf`, the same for every backend. */
export const fileUrls: Pick<Storage, 'url' | 'keyOf'> = {
  url: (key) => `${FILES_PATH}${key}`,
  keyOf(url) {
    if (!url?.startsWith(FILES_PATH)) return undefined;
    const key = url.slice(FILES_PATH.length);
    return isStorageKey(key) ? key : undefined;
  },
};
