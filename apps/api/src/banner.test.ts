import { describe, expect, it } from 'vitest';
import { bannerLines, startedMsAgo, type BannerInput } from './banner.js';

const accounts = [
  { label: 'Super admin', email: 'admin@plenary.local', password: 'Plenary!2026' },
  { label: 'Participant', email: 'amara.okafor@example.com', password: 'Demo!2026pass' },
];
const base: BannerInput = {
  database: { dataDir: '/srv/plenary/data' },
  port: 3000,
  publicBase: 'http://localhost:3000',
  apiBase: 'http://localhost:3000',
  smtp: false,
  seeded: { created: true, accounts },
  showDemo: false,
  ms: 41_234,
};
const text = (input: BannerInput) => bannerLines(input).join('\n');

describe('start banner', () => {
  it('prints the demo passwords on the start that created the demo', () => {
    const out = text(base);
    expect(out).toContain('Sign-in details (demo data):');
    expect(out).toContain('Demo!2026pass');
    expect(out).toContain('Plenary!2026');
    expect(out).not.toContain('--show-demo');
    expect(out).toContain('embedded PostgreSQL in /srv/plenary/data, ready in 41.2 s');
  });

  it('on later starts says where to find them instead of reprinting them', () => {
    const out = text({ ...base, seeded: { created: false, accounts } });
    expect(out).not.toContain('Demo!2026pass');
    expect(out).not.toContain('Plenary!2026');
    expect(out).toContain('Demo sign-ins: see README.md, or run `npm start -- --show-demo`.');
  });

  it('prints them again when asked with --show-demo', () => {
    const out = text({ ...base, seeded: { created: false, accounts }, showDemo: true });
    expect(out).toContain('Demo!2026pass');
  });

  it('says nothing about demo sign-ins when the demo is off, nor the dev mailbox with SMTP', () => {
    const out = text({ ...base, seeded: undefined, smtp: true, database: { url: true } });
    expect(out).not.toMatch(/demo/i);
    expect(out).not.toContain('Dev mailbox');
    expect(out).toContain('(PostgreSQL, ready in');
  });
});

describe('startedMsAgo', () => {
  it("counts from npm start's own start time when given, else from the process's", () => {
    expect(startedMsAgo({ PLENARY_START_MS: '1000' }, 5000, 2)).toBe(4000);
    expect(startedMsAgo({}, 5000, 2)).toBe(2000);
    expect(startedMsAgo({ PLENARY_START_MS: 'soon' }, 5000, 2)).toBe(2000);
    expect(startedMsAgo({ PLENARY_START_MS: '9000' }, 5000, 2)).toBe(2000);
  });
});
