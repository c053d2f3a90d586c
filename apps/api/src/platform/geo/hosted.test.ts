import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { hostedTimeZoneProvider, timeZoneProviderFor } from './index.js';

/**
 * The hosted provider against a local HTTP server that answers as the Geocoding and Time Zone
 * APIs do (their JSON shapes), reached through the real egress client (127.0.0.1 allowed).
 */
type Handler = (url: URL, res: ServerResponse) => void;
let server: Server;
let base: string;
let handler: Handler;
const requests: URL[] = [];

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const mapsService: Handler = (url, res) => {
  if (url.pathname === '/maps/api/geocode/json') {
    if (url.searchParams.get('address')?.includes('Shibuya'))
      return json(res, {
        status: 'OK',
        results: [
          {
            formatted_address: '2-chōme-21-1 Shibuya, Tokyo 150-0002, Japan',
            geometry: { location: { lat: 35.6581, lng: 139.7017 } },
          },
        ],
      });
    return json(res, { status: 'ZERO_RESULTS', results: [] });
  }
  if (url.pathname === '/maps/api/timezone/json')
    return json(res, {
      status: 'OK',
      timeZoneId: 'Asia/Tokyo',
      timeZoneName: 'Japan Standard Time',
      rawOffset: 32400,
      dstOffset: 0,
    });
  json(res, { status: 'NOT_FOUND' }, 404);
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    handler(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  handler = mapsService;
  requests.length = 0;
});

const configWith = (env: Record<string, string>): Config =>
  loadConfig({
    DATA_DIR: '.tmp/geo-test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    ...env,
  });
const hostedConfig = () =>
  configWith({ MAPS_API_KEY: 'test-key', MAPS_API_BASE_URL: base, EGRESS_ALLOW_HOSTS: '127.0.0.1' });

describe('hosted maps provider', () => {
  it('geocodes the address, then asks for the zone of its coordinates, with the key', async () => {
    const hit = await hostedTimeZoneProvider(hostedConfig()).resolve('Shibuya Crossing, Tokyo');
    expect(hit).toEqual({
      timezone: 'Asia/Tokyo',
      latitude: 35.6581,
      longitude: 139.7017,
      label: '2-chōme-21-1 Shibuya, Tokyo 150-0002, Japan',
    });
    expect(requests.map((r) => r.pathname)).toEqual(['/maps/api/geocode/json', '/maps/api/timezone/json']);
    expect(requests[0]!.searchParams.get('address')).toBe('Shibuya Crossing, Tokyo');
    expect(requests[1]!.searchParams.get('location')).toBe('35.6581,139.7017');
    expect(Number(requests[1]!.searchParams.get('timestamp'))).toBeGreaterThan(1_700_000_000);
    expect(requests.every((r) => r.searchParams.get('key') === 'test-key')).toBe(true);
  });

  it('ZERO_RESULTS is "nothing found"; the configured chain then asks the offline data', async () => {
    expect(
      await hostedTimeZoneProvider(hostedConfig()).resolve('Damrak 1, Amsterdam, Netherlands'),
    ).toBeUndefined();
    const hit = await timeZoneProviderFor(hostedConfig()).resolve('Damrak 1, Amsterdam, Netherlands');
    expect(hit?.timezone).toBe('Europe/Amsterdam');
    expect(requests).toHaveLength(2);
  });

  it('an error status, a server error or an answer that is not JSON falls back to the offline data and is reported', async () => {
    const answers: Handler[] = [
      (_url, res) =>
        json(res, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }),
      (_url, res) => json(res, { error: 'boom' }, 500),
      (_url, res) => res.end('<html>not json</html>'),
      (url, res) =>
        url.pathname.includes('geocode')
          ? mapsService(url, res)
          : json(res, { status: 'OK', timeZoneId: 'Not/AZone' }),
    ];
    for (const answer of answers) {
      handler = answer;
      const errors: unknown[] = [];
      const hit = await timeZoneProviderFor(hostedConfig(), (err) => errors.push(err)).resolve(
        'Shibuya Crossing, Tokyo, Japan',
      );
      expect(hit?.timezone).toBe('Asia/Tokyo');
      expect(hit?.label).toBe('Tokyo, Japan');
      expect(errors).toHaveLength(1);
    }
  });

  it('goes through the egress guard: a private address not allowed is refused, and the offline data answers', async () => {
    const errors: unknown[] = [];
    const config = configWith({ MAPS_API_KEY: 'test-key', MAPS_API_BASE_URL: base });
    const hit = await timeZoneProviderFor(config, (err) => errors.push(err)).resolve('Sydney, Australia');
    expect(hit?.timezone).toBe('Australia/Sydney');
    expect(requests).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });

  it('without a key only the offline data is used', async () => {
    const hit = await timeZoneProviderFor(
      configWith({ MAPS_API_BASE_URL: base, EGRESS_ALLOW_HOSTS: '127.0.0.1' }),
    ).resolve('Shibuya, Tokyo, Japan');
    expect(hit?.timezone).toBe('Asia/Tokyo');
    expect(requests).toHaveLength(0);
  });
});
