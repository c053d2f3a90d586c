#!/usr/bin/env node
// `node scripts/parallel.mjs typecheck lint build`: runs those npm scripts at the same time (tsc and
// eslint are single-threaded: side by side they use both cores), prints each one's output whole when
// it ends, in the order given, and fails if any failed.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', name], {
      shell: process.platform === 'win32',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) =>
      resolve({ name, code: code ?? 1, output: Buffer.concat(out), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const pending = names.map(run);
let failed = false;
for (const result of pending) {
  const { name, code, output, seconds } = await result;
  process.stdout.write(`\n--- npm run ${name} (${seconds.toFixed(0)} s)\n`);
  process.stdout.write(output);
  if (code !== 0) {
    failed = true;
    process.stdout.write(`--- npm run ${name} failed (exit code ${code})\n`);
  }
}
process.exit(failed ? 1 : 0);
