import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each function gets the dependencies it uses (docs/ARCHITECTURE.md "Modules side by side"): only
 * the places that compose a module — its `index.ts` and its `*.routes.ts` registrars — receive the
 * whole `AppDeps`; services, jobs and helpers declare `Pick<AppDeps, …>` (or a named slice of it).
 */
const WHOLE_BAG = /:\s*(AppDeps|BaseDeps)\s*[;,)=]/;

const root = import.meta.dirname;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
const composers = /(^|\/)(index|[\w.-]+\.routes)\.ts$|^app\.ts$|^platform\/deps\.ts$|^main\.ts$/;

describe('dependencies are passed narrow', () => {
  it('no service, job or helper takes the whole AppDeps bag', () => {
    const offenders = walk(root)
      .map((f) => relative(root, f).split('\\').join('/'))
      .filter((path) => path.endsWith('.ts') && !/\.(test|test-utils)\.ts$/.test(path))
      .filter((path) => !composers.test(path))
      .filter((path) => WHOLE_BAG.test(readFileSync(join(root, path), 'utf8')))
      .sort();
    expect(offenders).toEqual([]);
  });
});
