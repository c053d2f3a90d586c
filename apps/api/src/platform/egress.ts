import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Config } from './config.js';

/**
 * Fetches a URL that a user gave (e.g. a photo address in an import) without letting it reach
 * inside the network: http(s) only; every address the host resolves to is checked at connect
 * time (no DNS rebinding between check and use), and loopback, private, link-local, CGNAT and
 * other special ranges are refused unless the host is named in EGRESS_ALLOW_HOSTS (tests, an
 * intranet server on purpose). Redirects are followed (at most 3), each checked the same way.
 * Time and size are capped; the body is never held beyond `maxBytes`.
 */
export class EgressError extends Error {
  constructor(
    message: string,
    /** 'refused': the address may not be reached; 'failed': it could not be fetched. */
    readonly kind: 'refused' | 'failed',
  ) {
    super(message);
  }
}

export interface EgressOptions {
  maxBytes: number;
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for addresses a user-given URL must not reach (IPv4-mapped IPv6 checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

export function allowedHosts(config: Pick<Config, 'EGRESS_ALLOW_HOSTS'>): Set<string> {
  return new Set(
    config.EGRESS_ALLOW_HOSTS.split(',')
      .map((h) => bare(h.trim()))
      .filter(Boolean),
  );
}

/** A lookup that answers only public addresses (any address for an allowed host). */
function checkedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !allowed && isPrivateAddress(a.address));
      if (bad || list.length === 0)
        return callback(new EgressError(`refused address for ${hostname}`, 'refused'), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export async function egressFetch(
  url: string,
  config: Pick<Config, 'EGRESS_ALLOW_HOSTS'>,
  opts: EgressOptions,
): Promise<{ bytes: Buffer; contentType: string | undefined }> {
  const allow = allowedHosts(config);
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new EgressError('not a URL', 'failed');
  }
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new EgressError('only http and https', 'refused');
    const host = bare(target.hostname);
    const allowed = allow.has(host);
    // A literal address never goes through lookup: check it here.
    if (isIP(host) !== 0 && !allowed && isPrivateAddress(host))
      throw new EgressError(`refused address ${host}`, 'refused');
    const answer = await requestOnce(target, checkedLookup(allowed), opts.maxBytes, deadline);
    if ('redirect' in answer) {
      target = new URL(answer.redirect, target);
      continue;
    }
    return answer;
  }
  throw new EgressError('too many redirects', 'failed');
}

function requestOnce(
  target: URL,
  lookup: LookupFunction,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; contentType: string | undefined } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.get(
      target,
      { lookup, signal, headers: { accept: 'image/*,*/*;q=0.5', 'user-agent': 'Plenary' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new EgressError(`status ${status}`, 'failed'));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new EgressError('too large', 'failed'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new EgressError('too large', 'failed'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), contentType: response.headers['content-type'] }),
        );
        response.on('error', (err) =>
          reject(err instanceof EgressError ? err : new EgressError(err.message, 'failed')),
        );
      },
    );
    request.on('error', (err) =>
      reject(
        err instanceof EgressError
          ? err
          : (err as { cause?: unknown }).cause instanceof EgressError
            ? (err as { cause: EgressError }).cause
            : new EgressError(err.message, 'failed'),
      ),
    );
  });
}
