import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LOG_DIR = join(ROOT, '.tmp', 'e2e');
/** Fixed so tokens stay verifiable across a restart of the same data dir (never a real secret). */
export const E2E_JWT_SECRET = 'e2e-only-jwt-secret-not-for-production-0123456789';

export interface ServerHandle {
  port: number;
  pid: number;
  dataDir: string;
  /** http://localhost:<port> — the participant app. */
  appUrl: string;
  /** http://cms.localhost:<port> — the admin console. */
  consoleUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * A private copy of the built web app for this run. The API serves the files that exist when it
 * starts (@fastify/static with wildcard: false), so a rebuild of apps/web/dist during a run would
 * leave the running server with an index.html whose assets it does not serve.
 */
export async function snapshotWebDist(): Promise<string> {
  // E2E_WEB_BUILD: another build directory (parallel work builds with `vite build --outDir`).
  const dist = process.env.E2E_WEB_BUILD ?? join(ROOT, 'apps/web/dist');
  // A build that is being written right now has an index.html whose assets are not all there yet.
  const complete = () => {
    if (!existsSync(join(dist, 'index.html'))) return false;
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    return [...html.matchAll(/(?:src|href)="\/([^"?#]+)"/g)].every((m) => existsSync(join(dist, m[1]!)));
  };
  for (let i = 0; !complete(); i++) {
    if (i >= 20)
      throw new Error(
        'apps/web/dist is not built (or incomplete): run `npm run build` (npm run test:e2e does)',
      );
    await new Promise((r) => setTimeout(r, 500));
  }
  const copy = mkdtempSync(join(tmpdir(), 'plenary-e2e-web-'));
  cpSync(dist, copy, { recursive: true });
  return copy;
}

export interface StartServerOptions {
  port: number;
  /** Extra environment (SMTP_URL, TOKEN_TTL_SECONDS, …). */
  env?: Record<string, string>;
  /** How long to wait for GET /api/v1/health. PGlite's first initdb takes ~5–10 s on 2 cores. */
  timeoutMs?: number;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts Plenary as a child process (`node --import tsx apps/api/src/main.ts`) on loopback with a
 * fresh data dir, and waits for its health check. Output goes to .tmp/e2e/.
 */
export async function startServer({
  port,
  env = {},
  timeoutMs = 120_000,
}: StartServerOptions): Promise<ServerHandle> {
  if (await healthy(port))
    throw new Error(`port ${port} already serves something that answers /api/v1/health: stop it first`);
  const dataDir = mkdtempSync(join(tmpdir(), `plenary-e2e-${port}-`));
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `server-${port}.log`);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The OIDC provider and the SMTP sink live on loopback.
      EGRESS_ALLOW_HOSTS: '127.0.0.1,localhost',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolveExit) =>
    child.once('exit', (code) => {
      exited = code;
      resolveExit();
    }),
  );

  const started = Date.now();
  while (!(await healthy(port))) {
    if (exited !== undefined)
      throw new Error(`Plenary on port ${port} exited with ${exited} before it was healthy; see ${logFile}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`Plenary on port ${port} was not healthy after ${timeoutMs} ms; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    port,
    pid: child.pid!,
    dataDir,
    appUrl: `http://localhost:${port}`,
    consoleUrl: `http://cms.localhost:${port}`,
    logFile,
    async stop() {
      if (exited === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
