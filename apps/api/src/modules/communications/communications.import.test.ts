import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, type Client } from '../attendees/attendees.test-utils.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';
import { deliveryEngineOf } from './communications.routes.js';

/** Communication import (xlsx): SCHEDULED communications, per-cell messages. */
let t: TestContext;
let c: Client;
let eventId: string;
let vip: { id: string };

async function sheet(rows: Array<Array<string | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Communication');
  ws.addRow(['Type', 'Subject', 'Body', 'Audience', 'Date', 'Time']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestContext();
  await deliveryEngineOf(t.deps)?.stop();
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  vip = (await c.post('labels', { name: 'VIP' })).json();
});
afterAll(() => t.close());

describe('Communication import', () => {
  it('creates SCHEDULED communications and answers a message per bad cell', async () => {
    const file = await sheet([
      ['BOTH', 'Welcome {firstName}', 'See you at {eventName}', 'EVERYONE', '2035-06-01', '09:00 AM'],
      ['email', 'VIP dinner', 'Dinner at 8', 'vip', '2035-06-01', '06:30 PM'],
      ['FAX', 'Bad type', 'x', null, '2035-06-01', '09:00 AM'],
      ['EMAIL', 'Bad {nickname}', 'x', null, '2035-06-01', '09:00 AM'],
      ['EMAIL', 'Unknown label', 'x', 'Nobody', '2035-06-01', '09:00 AM'],
      ['EMAIL', 'Past', 'x', null, '2020-01-01', '09:00 AM'],
      ['EMAIL', 'Bad time', 'x', null, '2035-01-01', '25:00'],
      ['EMAIL', 'VIP dinner', 'again', null, '2035-06-01', '09:00 AM'],
    ]);
    const up = await uploaded(c, 'Communication', 'communications.xlsx', file);
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 8, valid: 2, errors: 6 });
    const errors = (await c.get(`imports/${up.id}/errors`)).json().records as Array<{
      rowNumber: number;
      errors: Array<{ column: string | null; message: string }>;
    }>;
    const by = Object.fromEntries(
      errors.map((r) => [r.rowNumber, Object.fromEntries(r.errors.map((e) => [e.column, e.message]))]),
    );
    expect(by[4]).toEqual({ type: MESSAGES.pleaseSelectValue });
    expect(by[5]).toEqual({ subject: CAMPAIGN_MESSAGES.unknownPlaceholder('nickname') });
    expect(by[6]).toEqual({ audience: 'Unknown labels: Nobody' });
    expect(by[7]).toEqual({ time: CAMPAIGN_MESSAGES.scheduleInPast });
    expect(by[8]).toEqual({ time: MESSAGES.timeFormat });
    expect(Object.keys(by[9] ?? {})).toHaveLength(1);
    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.status, JSON.stringify(done)).toBe('COMPLETED');
    const list = (await c.get('communications?sort=subject:asc')).json();
    expect(list.records.map((r: { subject: string }) => r.subject)).toEqual([
      'VIP dinner',
      'Welcome {firstName}',
    ]);
    const [dinner, welcome] = list.records;
    expect(dinner).toMatchObject({
      channels: ['EMAIL'],
      status: 'SCHEDULED',
      schedule: 'DATE_AND_TIME',
      sendDate: '2035-06-01',
      sendTime: '06:30 PM',
      audience: { type: 'LABELS', labels: [{ id: vip.id, name: 'VIP' }] },
    });
    expect(welcome).toMatchObject({ channels: ['EMAIL', 'NOTIFICATION'], audience: { type: 'EVERYONE' } });
    expect(welcome.scheduledAt).not.toBeNull();
  });
});
