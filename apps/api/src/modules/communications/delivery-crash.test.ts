import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServerDatabase,
  killApi,
  startApi,
  untilOutput,
  type ApiProcess,
} from '../../../test/api-processes.js';
import { createFactories } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadBrands } from '../../platform/brands.js';
import { HOLD_ENV } from '../../platform/crash-test-hold.js';
import { loadConfig } from '../../platform/config.js';
import { openPostgres, type DatabaseHandle } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { createMailer } from '../../platform/mail.js';
import { client, participant } from '../attendees/attendees.test-utils.js';
import { deliveryEngineOf } from './communications.routes.js';
import { createDeliveryEngine } from './delivery-engine.js';

/**
 * `kill -9` of an API process in the crash window of a campaign: a real process (`node src/main.ts`)
 * sends the campaign's e-mails to a real SMTP server and is held right after the server's answer,
 * before the rows are marked (crash-test pause point `communications.afterSend`), then SIGKILLed.
 * Once the lease (1 s here) ends, another process's engine claims the rows again and resends them
 * with the same Message-ID; every row ends SENT once. PostgreSQL only (PGlite is one process's file);
 * CI runs the API tests a second time with DATABASE_URL set.
 */
const serverUrl = process.env.DATABASE_URL;
const JWT_SECRET = 'crash-test-secret-crash-test-secret-1234';

const received: Array<{ to: string; messageId: string }> = [];
let smtp: SMTPServer;
let smtpUrl: string;
let database: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;
let createdUrl = '';
let dataDir: string;
let app: FastifyInstance | undefined;
let killed: ApiProcess | undefined;

describe.skipIf(!serverUrl)('campaign delivery: kill -9 between the SMTP answer and the mark', () => {
  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\r?\n[ \t]+/g, ' ');
          received.push({
            to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '',
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    smtpUrl = `smtp://127.0.0.1:${(smtp as unknown as { server: { address(): AddressInfo } }).server.address().port}`;
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    createdUrl = created.url;
    database = openPostgres(created.url, 5);
    await migrate(database);
    dataDir = await mkdtemp(join(tmpdir(), 'plenary-campaign-crash-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
    });
    app = await buildApp({
      config,
      database,
      db: database.db,
      mailer: createMailer(database.db, { smtpUrl, from: 'Test <test@example.com>' }),
      brands: loadBrands(resolve(import.meta.dirname, '../../../../../config/brands.json')),
    });
    await app.ready();
    await deliveryEngineOf(app.deps)?.stop();
  });

  afterAll(async () => {
    if (killed) await killApi(killed);
    await app?.close();
    await database?.close();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('resends the in-flight messages with the same Message-ID and marks every row SENT once', async () => {
    const a = app!;
    const f = createFactories(a.deps, a);
    const ten = await f.tenant();
    const c = client(
      {
        as: (tok, opts) =>
          a.inject({ ...opts, headers: { authorization: `Bearer ${tok}`, ...opts.headers } }),
      },
      ten.tokens.eventAdmin,
      ten.event.id,
    );
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await participant(c));
    const res = await c.post('communications', {
      channels: ['EMAIL'],
      subject: 'Crash {firstName}',
      body: 'Body',
      audience: { type: 'PEOPLE', participantIds: people.map((p) => p.id) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const s = await c.call('PUT', `communications/${id}/status`, { action: 'SCHEDULE' });
    expect(s.statusCode, s.body).toBe(200);

    killed = await startApi({
      databaseUrl: createdUrl,
      jwtSecret: JWT_SECRET,
      env: { SMTP_URL: smtpUrl, [HOLD_ENV]: 'communications.afterSend', COMMUNICATIONS_LEASE_SECONDS: '1' },
    });
    await untilOutput(killed, 'plenary-test-hold communications.afterSend');
    for (let i = 0; i < 500 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await killApi(killed);
    killed = undefined;
    expect(received).toHaveLength(3);
    const before = await database.db
      .selectFrom('communicationRecipients')
      .select('status')
      .where('communicationId', '=', id)
      .execute();
    expect(before.every((r) => r.status === 'SENDING')).toBe(true);

    await new Promise((r) => setTimeout(r, 1200));
    await createDeliveryEngine(
      { ...a.deps, mailer: createMailer(database.db, { smtpUrl, from: 'Test <test@example.com>' }) },
      { error: () => {}, warn: () => {} },
    ).tick();
    const rows = await database.db
      .selectFrom('communicationRecipients')
      .select(['status', 'attempts'])
      .where('communicationId', '=', id)
      .execute();
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 2)).toBe(true);
    expect(received).toHaveLength(6);
    expect(new Set(received.map((r) => r.messageId)).size).toBe(3);
    for (const p of people) expect(received.filter((r) => r.to === p.email)).toHaveLength(2);
    const status = await database.db
      .selectFrom('communications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('SENT');
  });
});
