import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/platform/config.js';

export const TEST_BUCKET = 'plenary-test';

export interface LocalS3 {
  /** The configuration that points an app's stores at this server. */
  config: Pick<Config, 'STORAGE_URL' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process, on a random loopback port, storing in a
 * temporary directory, with one bucket. It checks request signatures against its own key pair.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'plenary-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    config: {
      STORAGE_URL: `s3://${TEST_BUCKET}/run-${port}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
