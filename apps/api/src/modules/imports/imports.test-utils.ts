import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ImportRecord } from '@plenary/domain';
import { multipart, type Client } from '../attendees/attendees.test-utils.js';

export const FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/imports');
export const fixture = (name: string) => readFileSync(resolve(FIXTURES, name));

/** POST imports/:table with a file; answers the response. */
export function uploadFile(c: Client, table: string, name: string, bytes: Buffer = fixture(name)) {
  const body = multipart(name, bytes);
  return c.call('POST', `imports/${table}`, body.payload, body.headers);
}

export async function uploaded(
  c: Client,
  table: string,
  name: string,
  bytes?: Buffer,
): Promise<ImportRecord> {
  const res = await uploadFile(c, table, name, bytes);
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Polls GET imports/:id (as the browser does) until the job is done; answers every status seen. */
export async function settled(
  c: Client,
  id: string,
  ms = 60_000,
): Promise<{ record: ImportRecord; seen: ImportRecord[] }> {
  const seen: ImportRecord[] = [];
  const end = Date.now() + ms;
  for (;;) {
    const record = (await c.get(`imports/${id}`)).json() as ImportRecord;
    seen.push(record);
    if (record.status !== 'VERIFYING' && record.status !== 'IMPORTING') return { record, seen };
    if (Date.now() > end) throw new Error(`import ${id} still ${record.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function verified(c: Client, id: string, body: unknown = {}): Promise<ImportRecord> {
  const res = await c.post(`imports/${id}/verify`, body);
  if (res.statusCode !== 202) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return (await settled(c, id)).record;
}

export async function committed(c: Client, id: string, body: unknown = {}): Promise<ImportRecord> {
  const res = await c.post(`imports/${id}/commit`, body);
  if (res.statusCode !== 202) throw new Error(`commit: ${res.statusCode} ${res.body}`);
  return (await settled(c, id)).record;
}
