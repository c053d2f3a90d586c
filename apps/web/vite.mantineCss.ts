import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheet is split by surface instead of importing the whole `@mantine/core/styles.css`
 * (250 KB, parsed and matched on every page before the first paint, Lighthouse's longest task on a
 * phone): `src/app/mantine-participant.css` (imported by main.tsx) holds the per-component files of
 * what the participant app and the shared start-up use; `src/app/console/mantine-console.css`
 * (imported by the lazily loaded console routes) the rest of what the console uses. Both keep the
 * order of Mantine's full sheet.
 *
 * This build check keeps the lists true: every Mantine component whose class map (`X.module.mjs`)
 * is in a chunk the participant app can load (the entry and what it imports, statically or lazily,
 * except the console's route tree) must be in the participant list; every other one in the console
 * list; none in both. A build that breaks this fails and names the files to add.
 */
export const PARTICIPANT_CSS = 'src/app/mantine-participant.css';
export const CONSOLE_CSS = 'src/app/console/mantine-console.css';
const CONSOLE_ROUTES = /[\\/]src[\\/]app[\\/]console[\\/]consoleRoutes\.tsx$/;
const MANTINE_CLASSES = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([^\\/]+)\.module\.mjs$/;
/** Always imported first by the participant list (Mantine's global styles). */
const GLOBAL_FILES = ['baseline', 'default-css-variables', 'global'];

function listed(root: string, file: string): string[] {
  const css = readFileSync(resolve(root, file), 'utf8');
  return [...css.matchAll(/@import\s+['"]@mantine\/core\/styles\/([^'"]+)\.css['"]/g)].map((m) => m[1]!);
}

export function mantineCssCheck(): Plugin {
  let root = '.';
  return {
    name: 'plenary-mantine-css-check',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      const components = (fileNames: Iterable<string>) => {
        const names = new Set<string>();
        for (const name of fileNames)
          for (const id of chunks.get(name)?.moduleIds ?? []) {
            const m = MANTINE_CLASSES.exec(id);
            if (m) names.add(m[1]!);
          }
        return names;
      };
      const participantChunks = new Set<string>();
      const queue = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      while (queue.length > 0) {
        const name = queue.pop()!;
        const chunk = chunks.get(name);
        if (
          participantChunks.has(name) ||
          !chunk ||
          (chunk.facadeModuleId && CONSOLE_ROUTES.test(chunk.facadeModuleId))
        )
          continue;
        participantChunks.add(name);
        queue.push(...chunk.imports, ...chunk.dynamicImports);
      }
      const participantUses = components(participantChunks);
      const consoleUses = [...components(chunks.keys())].filter((c) => !participantUses.has(c));
      const participantList = new Set(listed(root, PARTICIPANT_CSS));
      const consoleList = new Set(listed(root, CONSOLE_CSS));
      const problems = [
        ...[...GLOBAL_FILES, ...participantUses]
          .filter((c) => !participantList.has(c))
          .map((c) => `${PARTICIPANT_CSS} lacks @mantine/core/styles/${c}.css`),
        ...consoleUses
          .filter((c) => !consoleList.has(c) && !participantList.has(c))
          .map((c) => `${CONSOLE_CSS} lacks @mantine/core/styles/${c}.css`),
        ...[...consoleList]
          .filter((c) => participantList.has(c))
          .map((c) => `${CONSOLE_CSS} repeats ${c}.css, which ${PARTICIPANT_CSS} already has`),
      ];
      if (problems.length > 0)
        this.error(
          `Mantine styles (vite.mantineCss.ts), keep the order of @mantine/core/styles.css:\n  ${problems.join('\n  ')}`,
        );
    },
  };
}
