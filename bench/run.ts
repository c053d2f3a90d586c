/**
 * `npm run bench`: runs every benchmark in bench/ (each top-level *.ts but this file), one after
 * the other, each in its own Node process so one bench's memory and threads do not colour the next.
 * `npm run bench -- api-lists` runs the named ones only.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => wanted.length === 0 || wanted.some((w) => f === w || f === `${w}.ts`))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', resolve(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status !== 0) {
    failed++;
    console.error(`### ${file} failed (exit ${run.status ?? run.signal}) after ${seconds} s`);
  } else console.log(`### ${file} done in ${seconds} s`);
}
if (benches.length === 0) console.log('No benchmarks found.');
process.exit(failed > 0 ? 1 : 0);
