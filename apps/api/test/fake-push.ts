import { createECDH, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { generate } from 'selfsigned';

/**
 * A fake Web Push service for tests and benches: HTTPS on 127.0.0.1 with a self-signed certificate
 * made at start (hand `ca` to `createPushSender`). It records every request, checks that it is
 * aes128gcm with a valid VAPID `Authorization: vapid t=…, k=…` (the JWT's ES256 signature verified
 * with `k`, its audience the service's origin) and a TTL header, and decrypts the payload with
 * the fake subscription's private key (RFC 8291). Answers 201 unless told otherwise.
 */
export interface FakeSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The user agent's private ECDH key (for decrypting). */
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface FakePushRequest {
  id: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  ttl: number | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** null when the Authorization header was missing or its JWT did not verify. */
  vapid: { publicKey: string; claims: Record<string, unknown> } | null;
  vapidError?: string;
  /** The decrypted plaintext, or null when it could not be decrypted. */
  payload: string | null;
  bodyBytes: number;
}

export interface FakePushService {
  origin: string;
  ca: string;
  requests: FakePushRequest[];
  subscribe(): FakeSubscription;
  /** The next answers for this subscription (FIFO), e.g. `[{status: 410}]`; then 201 again. */
  answer(endpoint: string, ...answers: Array<{ status: number; headers?: Record<string, string> }>): void;
  /** Every request to every endpoint answers with this until reset (`undefined`). */
  answerAll(answer: { status: number; headers?: Record<string, string> } | undefined): void;
  close(): Promise<void>;
}

const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');

function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** RFC 8291 / RFC 8188 (aes128gcm, one record) decryption with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, sub: Pick<FakeSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const prkKey = createHmac('sha256', sub.authSecret).update(ecdhSecret).digest();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdfExpand(prkKey, keyInfo, 32);
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function verifyVapid(
  header: string | undefined,
  audience: string,
): Promise<{ publicKey: string; claims: Record<string, unknown> }> {
  const match = header ? /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header) : null;
  if (!match) throw new Error(`bad Authorization header: ${header ?? '(none)'}`);
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { audience, algorithms: ['ES256'] });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) {
    throw new Error('exp missing or more than 24 h ahead');
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('bad sub');
  return { publicKey: k, claims: payload as Record<string, unknown> };
}

export async function startFakePushService(): Promise<FakePushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const subs = new Map<string, FakeSubscription>();
  const queued = new Map<string, Array<{ status: number; headers?: Record<string, string> }>>();
  let always: { status: number; headers?: Record<string, string> } | undefined;
  const requests: FakePushRequest[] = [];
  let origin = '';

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const endpoint = `${origin}${req.url ?? ''}`;
        const sub = subs.get(endpoint);
        const answer = always ?? queued.get(endpoint)?.shift() ?? { status: sub ? 201 : 404 };
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        let vapid: FakePushRequest['vapid'] = null;
        let vapidError: string | undefined;
        try {
          vapid = await verifyVapid(header('authorization'), origin);
        } catch (err) {
          vapidError = err instanceof Error ? err.message : String(err);
        }
        let payload: string | null = null;
        if (sub && header('content-encoding') === 'aes128gcm') {
          try {
            payload = decryptAes128gcm(body, sub);
          } catch {
            payload = null;
          }
        }
        const ttl = header('ttl');
        requests.push({
          id: randomUUID(),
          status: answer.status,
          headers: req.headers,
          ttl: ttl === undefined ? undefined : Number(ttl),
          urgency: header('urgency'),
          topic: header('topic'),
          contentEncoding: header('content-encoding'),
          vapid,
          ...(vapidError ? { vapidError } : {}),
          payload,
          bodyBytes: body.length,
        });
        res.writeHead(answer.status, answer.headers ?? {});
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: pems.cert,
    requests,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      const sub: FakeSubscription = {
        endpoint,
        p256dh: b64u(ecdh.getPublicKey()),
        auth: b64u(authSecret),
        ecdh,
        authSecret,
      };
      subs.set(endpoint, sub);
      return sub;
    },
    answer(endpoint, ...answers) {
      queued.set(endpoint, [...(queued.get(endpoint) ?? []), ...answers]);
    },
    answerAll(answer) {
      always = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
