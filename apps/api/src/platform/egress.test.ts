import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressError, egressFetch, isPrivateAddress } from './egress.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') return res.end(Buffer.alloc(5000));
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/x' }).end();
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
    if (req.url === '/missing') return res.writeHead(404).end();
    res.setHeader('content-type', 'text/plain');
    res.end('hello');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const allow = { EGRESS_ALLOW_HOSTS: '127.0.0.1' };
const none = { EGRESS_ALLOW_HOSTS: '' };
const kind = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof EgressError ? e.kind : String(e)),
  );

describe('platform/egress', () => {
  it('knows the private, loopback, link-local and special ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses loopback and private addresses unless the host is allowed, also behind a redirect', async () => {
    expect(await kind(egressFetch(`${base}/`, none, { maxBytes: 100 }))).toBe('refused');
    expect(await kind(egressFetch('http://localhost:1/', none, { maxBytes: 100 }))).toBe('refused');
    expect(await kind(egressFetch('http://[::1]:1/', none, { maxBytes: 100 }))).toBe('refused');
    expect(await kind(egressFetch('file:///etc/passwd', allow, { maxBytes: 100 }))).toBe('refused');
    const ok = await egressFetch(`${base}/`, allow, { maxBytes: 100 });
    expect(ok.bytes.toString()).toBe('hello');
    expect(await kind(egressFetch(`${base}/to-private`, allow, { maxBytes: 100 }))).toBe('refused');
  });

  it('caps the size and the time, and reports failures', async () => {
    expect(await kind(egressFetch(`${base}/big`, allow, { maxBytes: 1000 }))).toBe('failed');
    expect(await kind(egressFetch(`${base}/slow`, allow, { maxBytes: 1000, timeoutMs: 200 }))).toBe('failed');
    expect(await kind(egressFetch(`${base}/missing`, allow, { maxBytes: 1000 }))).toBe('failed');
    expect(await kind(egressFetch('not a url', allow, { maxBytes: 1000 }))).toBe('failed');
  });
});
