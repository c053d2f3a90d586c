import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/harness.js';

export type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;

/** Requests against one event's attendees routes as one token. */
export function client(t: Pick<TestContext, 'as'>, token: string | undefined, eventId: string) {
  const call = (
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> =>
    t.as(token, {
      method,
      url: path.startsWith('/api/') ? path : `/api/v1/events/${eventId}/${path}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(headers ? { headers } : {}),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload?: unknown) => call('POST', path, payload ?? {}),
    patch: (path: string, payload?: unknown) => call('PATCH', path, payload ?? {}),
    delete: (path: string) => call('DELETE', path),
    call,
  };
}

export type Client = ReturnType<typeof client>;

/** A custom field created through the API; answers its record. */
export async function field(
  c: Client,
  body: Record<string, unknown>,
): Promise<{ id: string; key: string; name: string }> {
  const res = await c.post('custom-fields', body);
  if (res.statusCode !== 201) throw new Error(`custom field: ${res.statusCode} ${res.body}`);
  return res.json();
}

let n = 0;
/** A participant created through the API; answers its record. */
export async function participant(
  c: Client,
  body: Record<string, unknown> = {},
): Promise<{ id: string; userId: string; email: string; [k: string]: unknown }> {
  n++;
  const res = await c.post('participants', {
    email: `p${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: 'Pat',
    lastName: `Doe ${n}`,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`participant: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Multipart body with one file in the field "file". */
export function multipart(filename: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----plenary${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
