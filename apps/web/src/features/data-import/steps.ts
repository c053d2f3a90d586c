import { IMPORT_TABLES, type ImportStatus, type ImportTable } from '@plenary/domain';

/**
 * The wizard's URL (spec part 2): `/setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}`.
 * `sequenceNumber` is the step; `importId` the import in progress, so a reload, or a browser closed
 * and opened again, comes back to where the job is (the job runs on the server). Pure: unit-tested.
 */
export const DATA_IMPORT_PATH = '/setup/data-import';

export const STEPS = ['upload', 'map', 'verify', 'import'] as const;
export type Step = (typeof STEPS)[number];
/** Step numbers in the URL start at 1. */
export const stepNumber = (step: Step) => STEPS.indexOf(step) + 1;

export function importPath(table?: ImportTable, step?: Step, importId?: string): string {
  if (!table) return DATA_IMPORT_PATH;
  const parts = [DATA_IMPORT_PATH, encodeURIComponent(table)];
  if (step) parts.push(String(stepNumber(step)));
  if (step && importId) parts.push(encodeURIComponent(importId));
  return parts.join('/');
}

export function parseTable(value: string | undefined): ImportTable | undefined {
  return (IMPORT_TABLES as readonly string[]).includes(value ?? '') ? (value as ImportTable) : undefined;
}

/** '3' → 'verify'; anything else → undefined. */
export function parseStep(value: string | undefined): Step | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= STEPS.length ? STEPS[n - 1] : undefined;
}

/**
 * The steps an import in `status` can show; the first is where it belongs. The mapping can change
 * while the import is UPLOADED, VERIFIED, INVALID or FAILED (as the API allows).
 */
export function stepsFor(status: ImportStatus, phase: 'verify' | 'commit' | null = null): readonly Step[] {
  switch (status) {
    case 'UPLOADED':
      return ['map'];
    case 'VERIFYING':
      return ['verify'];
    case 'VERIFIED':
    case 'INVALID':
      return ['verify', 'map'];
    case 'IMPORTING':
    case 'COMPLETED':
      return ['import'];
    case 'FAILED':
      // A failed check shows where it ran; a failed import too (nothing was written either way).
      return phase === 'commit' ? ['import', 'map', 'verify'] : ['verify', 'map'];
    case 'CANCELLED':
      return [];
  }
}

/** The step to show: the one asked for when the status allows it, else where the import is. */
export function stepToShow(
  status: ImportStatus,
  asked: Step | undefined,
  phase: 'verify' | 'commit' | null = null,
): Step | undefined {
  const allowed = stepsFor(status, phase);
  return asked && allowed.includes(asked) ? asked : allowed[0];
}
