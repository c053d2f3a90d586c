import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config.js';
import type { Storage } from './storage/contract.js';
import { createDiskStorage } from './storage/disk.js';
import { createS3Client, createS3Storage } from './storage/s3.js';
import { parseS3Location } from './storage/s3-location.js';

/**
 * Uploaded files. Stored files are served publicly by `GET /api/v1/files/:key` (unguessable keys;
 * the attendees module registers the route), so the public store holds only what may be public
 * (profile photos, logos, materials shown to participants); the private store holds import uploads,
 * which are never served.
 *
 * Backends: the disk under `DATA_DIR` (default; one machine), or with `STORAGE_URL=s3://…` an
 * S3-compatible bucket that every API process shares (public files under `public/`, private ones
 * under `private/`, after the URL's own prefix).
 */
export { contentTypeOfKey, FILES_PATH, isStorageKey, STORED_TYPES } from './storage/contract.js';
export type { ByteSpan, Storage, StoredContentType, StoredFile } from './storage/contract.js';
export { createDiskStorage } from './storage/disk.js';

export type StorageConfig = Pick<
  Config,
  'DATA_DIR' | 'STORAGE_URL' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** The public store: `DATA_DIR/uploads`, or `public/` in the bucket. */
export function storageFor(config: StorageConfig): Storage {
  return config.STORAGE_URL ? s3Store(config, 'public/') : diskStore(join(config.DATA_DIR, 'uploads'));
}

/**
 * The store of files that are never served (uploaded import files, which hold personal data):
 * `DATA_DIR/private/uploads`, or `private/` in the bucket, outside the public store that
 * `GET /api/v1/files/:key` reads.
 */
export function privateStorageFor(config: StorageConfig): Storage {
  return config.STORAGE_URL
    ? s3Store(config, 'private/')
    : diskStore(join(config.DATA_DIR, 'private', 'uploads'));
}

// One store per root or bucket prefix, and one S3 client (its connection pool) per location and key.
const stores = new Map<string, Storage>();
const clients = new Map<string, S3Client>();

function diskStore(root: string): Storage {
  let store = stores.get(root);
  if (!store) {
    store = createDiskStorage(root);
    stores.set(root, store);
  }
  return store;
}

function s3Store(config: StorageConfig, area: 'public/' | 'private/'): Storage {
  const url = config.STORAGE_URL!;
  const parsed = parseS3Location(url);
  // loadConfig has refused a bad value already; this guards configurations built by hand (tests).
  if ('problem' in parsed) throw new Error(`STORAGE_URL: ${parsed.problem}`);
  const { location } = parsed;
  const clientKey = `${url}\n${config.S3_ACCESS_KEY_ID ?? ''}`;
  const storeKey = `${clientKey}\n${area}`;
  let store = stores.get(storeKey);
  if (!store) {
    let client = clients.get(clientKey);
    if (!client) {
      const credentials =
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined;
      client = createS3Client(location, credentials);
      clients.set(clientKey, client);
    }
    store = createS3Storage(client, location.bucket, `${location.prefix}${area}`);
    stores.set(storeKey, store);
  }
  return store;
}
