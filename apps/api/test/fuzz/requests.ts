import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { CompleteTenant } from '../complete-tenant.js';
import { fuzzedOf, HOSTILE_STRINGS, hostileValue, requestJsonSchema, type IdPool } from './arbitraries.js';
import { expand, fillFrom, pathParameters } from './path-fillers.js';
import type { ApiRoute } from './route-table.js';

/** Percent-encoding that also takes lone surrogates (as the bytes a careless client would send). */
export function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair =
      unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** A query string from generated values: arrays become repeated parameters, other values text. */
function queryString(values: unknown, repeat: string | undefined): string {
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    return values === undefined ? '' : `q=${encode(asText(values))}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) pairs.push(`${encode(key)}=${encode(asText(item))}`);
    if (key === repeat) pairs.push(`${encode(key)}=${encode(asText(items[0]))}`);
  }
  return pairs.join('&');
}

/** Multipart bodies no client should send: broken framing, hostile names and fields, odd files. */
export function hostileMultiparts(
  image: Buffer,
): Array<{ name: string; payload: Buffer | string; contentType: string }> {
  const b = 'fuzzBoundary';
  const type = `multipart/form-data; boundary=${b}`;
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (filename: string, bytes: Buffer, name = 'file') =>
    Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const end = `--${b}--\r\n`;
  return [
    { name: 'empty', payload: '', contentType: type },
    { name: 'only the end', payload: end, contentType: type },
    {
      name: 'no boundary in the header',
      payload: field('name', 'x') + end,
      contentType: 'multipart/form-data',
    },
    {
      name: 'another boundary',
      payload: `--other\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--other--\r\n`,
      contentType: type,
    },
    { name: 'NUL in a field', payload: field('name', 'a\u0000b') + end, contentType: type },
    { name: 'lone surrogate in a field', payload: field('name', '\ud800') + end, contentType: type },
    {
      name: '100,000 characters in a field',
      payload: Buffer.concat([
        Buffer.from(field('name', 'x'.repeat(100_000))),
        file('a.png', image),
        Buffer.from(end),
      ]),
      contentType: type,
    },
    {
      name: 'file with a NUL name',
      payload: Buffer.concat([file('a\u0000.png', image), Buffer.from(field('name', 'Fuzz') + end)]),
      contentType: type,
    },
    {
      name: 'file with a traversal name',
      payload: Buffer.concat([file('../../../etc/passwd', image), Buffer.from(field('name', 'Fuzz') + end)]),
      contentType: type,
    },
    {
      name: 'file with a 5,000-character name',
      payload: Buffer.concat([
        file(`${'n'.repeat(5_000)}.png`, image),
        Buffer.from(field('name', 'Fuzz') + end),
      ]),
      contentType: type,
    },
    {
      name: 'file with a bidi override name',
      payload: Buffer.concat([file('\u202egnp.exe', image), Buffer.from(field('name', 'Fuzz') + end)]),
      contentType: type,
    },
    {
      name: 'empty file',
      payload: Buffer.concat([file('a.png', Buffer.alloc(0)), Buffer.from(field('name', 'Fuzz') + end)]),
      contentType: type,
    },
    {
      name: 'garbage file',
      payload: Buffer.concat([
        file('a.png', Buffer.from('\u0000\u0001not an image')),
        Buffer.from(field('name', 'Fuzz') + end),
      ]),
      contentType: type,
    },
    {
      name: 'two files',
      payload: Buffer.concat([
        file('a.png', image),
        file('b.png', image),
        Buffer.from(field('name', 'Fuzz') + end),
      ]),
      contentType: type,
    },
    {
      name: 'file in another field',
      payload: Buffer.concat([file('a.png', image, 'other'), Buffer.from(field('name', 'Fuzz') + end)]),
      contentType: type,
    },
    { name: 'truncated', payload: Buffer.concat([file('a.png', image.subarray(0, 20))]), contentType: type },
    {
      name: 'JSON instead of multipart',
      payload: JSON.stringify({ file: 'x', name: 'y' }),
      contentType: 'application/json',
    },
  ];
}

export interface FuzzCase {
  url: string;
  body?: { payload: Buffer | string; contentType: string; name: string };
}

/** Everything a fuzz case may put in a request: the records of both tenants, hostile multiparts. */
export interface FuzzMaterial {
  own: CompleteTenant;
  other: CompleteTenant;
  pool: IdPool;
  multiparts: ReturnType<typeof hostileMultiparts>;
}

/** Generated requests for one route: path parameters, query and body from its schemas plus hostile values. */
export function casesOf(route: ApiRoute, m: FuzzMaterial): fc.Arbitrary<FuzzCase> {
  const names = pathParameters(route.url).map((p) => p.name);
  const own = fillFrom(route.url, m.own);
  const other = fillFrom(route.url, m.other);
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(own[name]!) },
      { weight: 2, arbitrary: fc.constant(other[name]!) },
      { weight: 1, arbitrary: fc.uuid() },
      // The router refuses parameters over 100 characters before any route runs (fuzz-suite.ts tests that answer once).
      {
        weight: 2,
        arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '').map((s) => s.slice(0, 90))),
      },
    );
  const params = fc
    .tuple(...names.map(param))
    .map((values) => Object.fromEntries(names.map((n, i) => [n, encode(values[i]!)])));
  const querySchema = route.querystring ? requestJsonSchema(route.querystring) : undefined;
  const query = querySchema
    ? fc.tuple(
        fuzzedOf(querySchema, m.pool),
        fc.option(fc.constantFrom(...Object.keys(querySchema.properties ?? { q: {} })), { nil: undefined }),
      )
    : fc.constant([undefined, undefined] as const);
  const body: fc.Arbitrary<FuzzCase['body']> = route.multipart
    ? fc.constantFrom(...m.multiparts)
    : route.body
      ? fuzzedOf(requestJsonSchema(route.body), m.pool).map((v) => ({
          payload: JSON.stringify(v) ?? 'null',
          contentType: 'application/json',
          name: 'json',
        }))
      : route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant(undefined)
        : fc.option(
            hostileValue(m.pool).map((v) => ({
              payload: JSON.stringify(v) ?? 'null',
              contentType: 'application/json',
              name: 'json',
            })),
            { nil: undefined },
          );
  return fc.record({ params, query, body }).map(({ params: p, query: [q, repeat], body: b }) => {
    const search = queryString(q, repeat);
    return { url: `${expand(route.url, p)}${search ? `?${search}` : ''}`, body: b };
  });
}

export function injectOptions(route: ApiRoute, c: FuzzCase, token: string): InjectOptions {
  return {
    method: route.method,
    url: c.url,
    headers: { authorization: `Bearer ${token}`, ...(c.body ? { 'content-type': c.body.contentType } : {}) },
    ...(c.body ? { payload: c.body.payload } : {}),
  };
}
