import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  contentTypeOfKey,
  fileUrls,
  isStorageKey,
  newStorageKey,
  type ByteSpan,
  type Storage,
} from './contract.js';

/** Files under `root`, in two-character fan-out directories. */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  return {
    async put(bytes, contentType) {
      const key = newStorageKey(contentType);
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
    ...fileUrls,
  };
}

/** A file's read stream once the file is open (then it stays readable even if deleted), or undefined when it is gone. */
async function openedStream(path: string, range?: ByteSpan): Promise<Readable | undefined> {
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
