import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';

/** Placeholder until the QR codes part lands: custom QR codes, exports, scans and the QR reports. */
export function qrCodeRoutes(_app: ZodApp, _deps: AppDeps): void {}
