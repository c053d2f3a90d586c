#!/usr/bin/env node
// The module-to-module import graph of apps/api/src/modules, and the rules it must keep
// (docs/ARCHITECTURE.md, "Modules side by side"):
//  - a module imports another only through that module's index.ts (its public face);
//  - no cycles between modules;
//  - no chain of module-to-module imports longer than two (A → B → C at most).
// Tests (*.test.ts) and their shared helpers (*.test-utils.ts) are left out: they drive the app
// through HTTP and may use another module's test helpers. modules/index.ts is the composition root
// and may import every module's index.ts.
// Usage: node scripts/module-graph.mjs [--graph]  (exit code 1 on a broken rule)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_CHAIN = 2;

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const isTestFile = (path) => /\.test(-utils)?\.ts$/.test(path);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isTestFile(path) ? [path] : [];
  });
}

/** Module-to-module imports: `{ from, to, file, target }` with paths relative to `root`. */
export function moduleImports(root) {
  const imports = [];
  for (const file of sourceFiles(root)) {
    const rel = relative(root, file);
    if (!rel.includes(sep)) continue; // the composition root
    const from = rel.split(sep)[0];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), spec));
      if (target.startsWith('..')) continue; // platform and the rest of the app
      const to = target.split(sep)[0];
      if (to !== from) imports.push({ from, to, file: rel, target: target.replace(/\.js$/, '.ts') });
    }
  }
  return imports;
}

/** Each cycle once, as the modules along it (first module repeated at the end). */
function findCycles(edges) {
  const cycles = [];
  const seen = new Set();
  const visit = (module, path) => {
    const at = path.indexOf(module);
    if (at >= 0) {
      const cycle = path.slice(at);
      const key = [...cycle].sort().join();
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, module]);
      }
      return;
    }
    for (const next of edges.get(module) ?? []) visit(next, [...path, module]);
  };
  for (const module of edges.keys()) visit(module, []);
  return cycles;
}

/** What breaks the rules: imports past another module's index.ts, cycles, chains longer than MAX_CHAIN. */
export function checkModuleGraph(root) {
  const imports = moduleImports(root);
  const problems = [];
  for (const i of imports) {
    if (i.target !== join(i.to, 'index.ts'))
      problems.push(`${i.file} imports ${i.target}: import another module only through its index.ts`);
  }
  const edges = new Map();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
  const cycles = findCycles(edges);
  for (const cycle of cycles) problems.push(`module cycle: ${cycle.join(' → ')}`);
  if (cycles.length === 0) {
    // Without cycles the longest chain from each module is well defined (memoised depth-first search).
    const longest = new Map();
    const chainFrom = (module) => {
      if (!longest.has(module)) {
        let best = [];
        for (const next of edges.get(module) ?? []) {
          const chain = [next, ...chainFrom(next)];
          if (chain.length > best.length) best = chain;
        }
        longest.set(module, best);
      }
      return longest.get(module);
    };
    for (const module of edges.keys()) {
      const chain = chainFrom(module);
      if (chain.length > MAX_CHAIN)
        problems.push(
          `chain of ${chain.length} module imports: ${[module, ...chain].join(' → ')} (at most ${MAX_CHAIN})`,
        );
    }
  }
  return { edges, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/api/src/modules');
  const { edges, problems } = checkModuleGraph(root);
  if (process.argv.includes('--graph'))
    for (const [from, tos] of [...edges].sort()) console.log(`${from} → ${[...tos].sort().join(', ')}`);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log(
    `modules: ${edges.size} importing others, no cycles, chains ≤ ${MAX_CHAIN}, only through index.ts`,
  );
}
