import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModuleGraph as check } from '../../../scripts/module-graph.mjs';

describe('module graph (scripts/module-graph.mjs)', () => {
  it('apps/api/src/modules: modules side by side — no cycles, chains of at most two, only through index.ts', () => {
    const { problems } = check(resolve(import.meta.dirname, 'modules'));
    expect(problems).toEqual([]);
  });

  const roots: string[] = [];
  afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'module-graph-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('finds a cycle, an import past index.ts and a chain of three', () => {
    const { problems } = check(
      tree({
        'a/index.ts': "export { b } from '../b/index.js';",
        'b/index.ts': "import { c } from '../c/index.js';\nexport const b = c;",
        'c/index.ts': "import type { D } from '../d/index.js';\nexport const c = 1;",
        'd/index.ts': "export type D = 1;\nimport { x } from '../e/inner.js';",
        'e/inner.ts': "import { y } from '../f/index.js';\nexport const x = y;",
        'f/index.ts': "import { x } from '../e/index.js';\nexport const y = x;",
        'e/index.ts': "export { x } from './inner.js';",
        'a/a.test.ts': "import { z } from '../c/internal.js';",
        'index.ts': "import { b } from './b/index.js';",
      }),
    );
    expect(problems).toContain(
      'd/index.ts imports e/inner.ts: import another module only through its index.ts',
    );
    expect(problems).toContain('module cycle: e → f → e');
    expect(problems.some((p) => p.includes('a/a.test.ts'))).toBe(false);
  });

  it('reports the longest chain when there is no cycle', () => {
    const { problems } = check(
      tree({
        'a/index.ts': "export { b } from '../b/index.js';",
        'b/index.ts': "import { c } from '../c/index.js';\nexport const b = c;",
        'c/index.ts': "import { d } from '../d/index.js';\nexport const c = d;",
        'd/index.ts': 'export const d = 1;',
      }),
    );
    expect(problems).toEqual(['chain of 3 module imports: a → b → c → d (at most 2)']);
  });
});
