import type { SeedResult } from './seed/index.js';

export interface BannerInput {
  /** 'PostgreSQL' or the embedded database's directory. */
  database: { url: true } | { dataDir: string };
  port: number;
  publicBase: string;
  apiBase: string;
  smtp: boolean;
  /** Undefined when the demo is switched off (SEED_DEMO=false). */
  seeded: SeedResult | undefined;
  /** `npm start -- --show-demo`: print the demo sign-ins again. */
  showDemo: boolean;
  /** From the start of `npm start` (web build included) to listening. */
  ms: number;
}

/**
 * What `npm start` prints. The demo passwords appear when the demo was just created (or when asked
 * for): a terminal log that repeats them on every start ends up in screenshots and CI logs.
 */
export function bannerLines(input: BannerInput): string[] {
  const where = 'url' in input.database ? 'PostgreSQL' : `embedded PostgreSQL in ${input.database.dataDir}`;
  const lines = [
    '',
    `Plenary is running (${where}, ready in ${(input.ms / 1000).toFixed(1)} s)`,
    `  Admin console:    http://cms.localhost:${input.port}`,
    `  Participant app:  ${input.publicBase}`,
    `  API docs:         ${input.apiBase}/api/v1/docs`,
  ];
  const { seeded } = input;
  if (seeded && (seeded.created || input.showDemo)) {
    lines.push('', 'Sign-in details (demo data):');
    for (const account of seeded.accounts)
      lines.push(`  ${account.label.padEnd(20)} ${account.email.padEnd(34)} ${account.password}`);
  } else if (seeded) {
    lines.push('', 'Demo sign-ins: see README.md, or run `npm start -- --show-demo`.');
  }
  if (!input.smtp)
    lines.push('', `E-mails go to the dev mailbox: sign in as super admin and open "Dev mailbox".`);
  return lines;
}

/** Milliseconds since `npm start` began (scripts/start.mjs passes its start time), else since this process began. */
export function startedMsAgo(env: NodeJS.ProcessEnv, now: number, uptimeSeconds: number): number {
  const since = Number(env.PLENARY_START_MS);
  return Number.isFinite(since) && since > 0 && since <= now ? now - since : uptimeSeconds * 1000;
}
