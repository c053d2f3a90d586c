import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  contentTypeOfKey,
  fileUrls,
  isStorageKey,
  newStorageKey,
  type ByteSpan,
  type Storage,
} from './contract.js';
import type { S3Location } from './s3-location.js';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * A client for one location. Without explicit credentials (and region) the SDK's default chain
 * applies: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_REGION, profiles, container and
 * instance roles.
 */
export function createS3Client(location: S3Location, credentials?: S3Credentials): S3Client {
  return new S3Client({
    ...(location.region ? { region: location.region } : {}),
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers reject or ignore the newer
    // flexible-checksum headers, and a range answer can not be checked against a whole-object sum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // A served file holds its S3 socket while the client reads; the SDK's default of 50 sockets
      // would queue everyone else behind 50 slow video viewers.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

/**
 * Files in a bucket under `<location prefix><store prefix>`. Reads and writes go straight to the
 * bucket, so every API process sees every file at once; the bucket itself stays private (files are
 * served by the API's files route, never by bucket URLs).
 */
export function createS3Storage(client: S3Client, bucket: string, prefix: string): Storage {
  const Bucket = bucket;
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    async put(bytes, contentType) {
      const key = newStorageKey(contentType);
      // One PUT: an object appears whole or not at all, so a reader never sees half a file.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
      return key;
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      const answer = await unlessMissing(client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) })));
      if (!answer?.Body) return undefined;
      return { bytes: Buffer.from(await answer.Body.transformToByteArray()), contentType };
    },
    async open(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      const head = await unlessMissing(client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) })));
      if (!head) return undefined;
      const size = head.ContentLength ?? 0;
      return { size, contentType, stream: (range) => openedObject(client, Bucket, objectKey(key), range) };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      // S3 answers 204 for a key that is not there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    ...fileUrls,
  };
}

/** The object's bytes (a range: both ends included) once S3 has answered, or undefined when it is gone. */
async function openedObject(
  client: S3Client,
  Bucket: string,
  Key: string,
  range?: ByteSpan,
): Promise<Readable | undefined> {
  const answer = await unlessMissing(
    client.send(
      new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    ),
  );
  if (!answer) return undefined;
  const body = answer.Body;
  if (!(body instanceof Readable)) throw new Error(`S3 answered ${Key} without a stream`);
  if (!range) return body;
  const sent = sentSpan(answer.ContentRange);
  if (sent && sent.start === range.start && sent.end === range.end) return body;
  // The server sent more than asked (s3rver answers `bytes=0-0` with the whole object; a server
  // that ignores Range sends it all with 200): pass on exactly the asked bytes. Real S3 answers
  // the asked span, which takes the branch above.
  const sentStart = sent?.start ?? 0;
  if (sentStart > range.start || (sent && sent.end < range.end)) {
    body.destroy();
    throw new Error(
      `S3 answered ${answer.ContentRange ?? 'the whole object'} for bytes ${range.start}-${range.end} of ${Key}`,
    );
  }
  return window(body, range.start - sentStart, range.end - range.start + 1);
}

function sentSpan(contentRange: string | undefined): ByteSpan | undefined {
  const match = /^bytes (\d+)-(\d+)\/(?:\d+|\*)$/.exec(contentRange ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}

/** `length` bytes of `body` after skipping `skip`; the rest of the body is not read. */
function window(body: Readable, skip: number, length: number): Readable {
  async function* bytes() {
    let toSkip = skip;
    let left = length;
    // Returning early ends the loop, which destroys the body and frees its socket.
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const from = Math.min(toSkip, chunk.length);
      toSkip -= from;
      const part = chunk.subarray(from, from + left);
      left -= part.length;
      if (part.length > 0) yield part;
      if (left === 0) return;
    }
    throw new Error('S3 ended the object before the asked range');
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** The SDK's answer, or undefined when the object does not exist (404). */
async function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw err;
  }
}
