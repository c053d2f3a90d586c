import type { AppDeps } from '../platform/deps.js';

/** The demo's custom QR codes and scans (issue 15); filled in by the QR codes part. */
export async function seedQrCodes(_deps: Pick<AppDeps, 'db'>): Promise<void> {}
