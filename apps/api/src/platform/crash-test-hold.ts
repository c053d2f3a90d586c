/**
 * Pause points for crash tests (`modules/imports/imports.crash.test.ts` kills an API process while
 * an import commit is half done). When the environment variable `PLENARY_TEST_HOLD` lists `point`
 * (comma-separated), the process writes `plenary-test-hold <point>` to stderr and the caller waits
 * for ever, until the test kills the process. Inert without the variable, which only tests set,
 * and always inert when NODE_ENV is production.
 */
export const HOLD_ENV = 'PLENARY_TEST_HOLD';

export async function holdForCrashTest(point: string): Promise<void> {
  const points = process.env[HOLD_ENV];
  if (!points || process.env.NODE_ENV === 'production' || !points.split(',').includes(point)) return;
  process.stderr.write(`plenary-test-hold ${point}\n`);
  await new Promise<never>(() => undefined);
}
