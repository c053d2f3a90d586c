import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * axe's findings per screen structure, shared by every worker of a run (global setup empties the
 * folder). Journeys pass through the same screens many times (a list after each change, the same
 * page for every admin role), and axe was about 40 % of the journeys' time on a 2-core machine:
 * each identical structure is analysed once. A screen is "the same" when its address (ids aside),
 * width and structure are: the set of its elements' signatures — tag, parent, role, classes, ARIA
 * and state attributes, colour declarations in `style`, whether it holds text, and whether the ids
 * it refers to exist. Text and how many times a signature repeats (rows, cards) are left out, so a
 * list of 20 rows is the list of 21; a dialog, an error message, a selected row or a new colour is a
 * new structure and is analysed.
 */
export const AXE_MEMO_DIR = resolve(import.meta.dirname, '../../.tmp/e2e/axe-memo');

/** Runs in the page: the screen's structure as a sorted list of distinct element signatures. */
function structure(): string[] {
  const ID_REFS = new Set([
    'for',
    'aria-labelledby',
    'aria-describedby',
    'aria-controls',
    'aria-owns',
    'aria-activedescendant',
    'aria-errormessage',
    'aria-details',
    'aria-flowto',
  ]);
  // Presence matters, not the value (a name, a number, a date, a row's index).
  const PRESENCE = new Set([
    'aria-label',
    'aria-valuenow',
    'aria-valuetext',
    'aria-rowindex',
    'aria-rowcount',
    'aria-colindex',
    'aria-posinset',
    'aria-setsize',
    'alt',
    'title',
    'href',
    'value',
    'placeholder',
    'datetime',
  ]);
  // Geometry and media: no rule reads their values.
  const IGNORED =
    /^(id|src|srcset|d|viewbox|points|transform|width|height|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|offset)$/i;
  const COLOUR = /(?:^|;)\s*((?:background(?:-color)?|color|border(?:-[a-z]+)?-color|opacity)\s*:[^;]*)/gi;
  const describe = (el: Element): string => {
    const parts = [el.tagName];
    for (const { name, value } of Array.from(el.attributes)) {
      if (IGNORED.test(name)) continue;
      // Mantine's per-instance classes (`__m__-_r_5l_`, from useId) name the element, not its style.
      if (name === 'class')
        parts.push(
          `.${value
            .split(/\s+/)
            .filter((c) => !c.startsWith('__m__-'))
            .sort()
            .join('.')}`,
        );
      else if (name === 'style')
        parts.push(`style=${Array.from(value.matchAll(COLOUR), (m) => m[1]).join(';')}`);
      else if (ID_REFS.has(name))
        parts.push(`${name}:${value.split(/\s+/).every((id) => id === '' || document.getElementById(id))}`);
      else if (PRESENCE.has(name)) parts.push(`${name}:${value.trim() === '' ? 'empty' : 'set'}`);
      else if (name.startsWith('data-') && !/^[\w-]{0,24}$/.test(value)) parts.push(name);
      else parts.push(`${name}=${value}`);
    }
    if (Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      parts.push('text');
    return parts.join(' ');
  };
  const signatures = new Set<string>([`title:${document.title.trim() !== ''}`]);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const parent = el.parentElement;
    signatures.add(
      `${parent ? `${parent.tagName}[${parent.getAttribute('role') ?? ''}]` : ''} > ${describe(el)}`,
    );
  }
  return [...signatures].sort();
}

/** The memo's key of the screen showing, analysed without the `exclude`d regions. */
export async function screenKey(page: Page, exclude: readonly string[]): Promise<string> {
  const path = new URL(page.url()).pathname.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    ':id',
  );
  const signatures = await page.evaluate(structure);
  return createHash('sha256')
    .update([path, page.viewportSize()?.width ?? 0, exclude.join(','), ...signatures].join('\n'))
    .digest('hex');
}

/** What an earlier analysis of this structure found (its rule violations), if any was made. */
export function recalled<T>(key: string): T | undefined {
  try {
    return JSON.parse(readFileSync(resolve(AXE_MEMO_DIR, `${key}.json`), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Keeps an analysis's findings for the rest of the run (written whole: a reader never sees half). */
export function remember(key: string, findings: unknown): void {
  mkdirSync(AXE_MEMO_DIR, { recursive: true });
  const temporary = resolve(AXE_MEMO_DIR, `${key}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(findings));
  renameSync(temporary, resolve(AXE_MEMO_DIR, `${key}.json`));
}
