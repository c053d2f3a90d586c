import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seed } from './index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, host: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password, host } });

describe('demo accounts', () => {
  it('advertises (start banner) every demo account, the moderator included (they land on /moderation)', async () => {
    const first = await seed(t.deps);
    expect(first.created).toBe(true);
    expect(first.accounts.map((a) => a.label)).toEqual([
      'Super admin',
      'Organisation admin',
      'Event admin',
      'Moderator',
      'Participant',
    ]);
    // Later starts report the same.
    expect((await seed(t.deps)).accounts).toEqual(first.accounts);
    // Every advertised account signs in where it is meant to.
    for (const account of first.accounts) {
      const host = account.label === 'Participant' ? 'localhost' : 'cms.localhost';
      expect((await signIn(account.email, account.password, host)).statusCode, account.label).toBe(200);
    }
  });

  it('the README lists the same sign-ins as the banner', async () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    const block = readme.slice(
      readme.indexOf('Sign-in details (demo data):'),
      readme.indexOf('E-mails go to the dev mailbox'),
    );
    const listed = [...block.matchAll(/^ {2}(\S.*?\S) {2,}(\S+@\S+)/gm)].map((m) => [m[1], m[2]]);
    const { accounts } = await seed(t.deps);
    expect(listed).toEqual(
      accounts.map((a) => [a.label, a.label === 'Super admin' ? 'admin@plenary.local' : a.email]),
    );
  });
});
