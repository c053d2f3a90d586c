#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed, then runs the API, which serves it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The banner's "ready in" counts from here: a first start's web build is part of what a user waits for.
const startedAt = Date.now();
const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
].map((p) => join(root, p));
const stale =
  !existsSync(dist) ||
  sources.some(
    (p) =>
      existsSync(p) &&
      (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(dist).mtimeMs,
  );

if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@plenary/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm start -- --show-demo` reaches the API, which then prints the demo sign-ins again.
const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLENARY_START_MS: String(startedAt) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
