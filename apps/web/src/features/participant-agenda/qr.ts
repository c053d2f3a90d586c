import { parseQrPayload } from '@plenary/domain';

/** The scanning library, loaded only when the scan screen asks for it (a worker and ~50 kB). */
export const loadScanner = () => import('qr-scanner').then((m) => m.default);

/** A scanned text worth sending: one of our session codes (the API decides whether it checks the participant in). */
export function isSessionQr(text: string): boolean {
  return parseQrPayload(text)?.type === 'SESSION_QR_CODE';
}

/** A custom QR code (booth, lounge…): the API records the scan and games may pay for it. */
export function isCustomQr(text: string): boolean {
  return parseQrPayload(text)?.type === 'CUSTOM_QR_CODE';
}

/** Reads a QR code from a photo or screenshot; undefined when there is none. */
export async function readQrFromImage(file: File): Promise<string | undefined> {
  const QrScanner = await loadScanner();
  try {
    const result = await QrScanner.scanImage(file, {
      returnDetailedScanResult: true,
      alsoTryWithoutScanRegion: true,
    });
    return result.data;
  } catch {
    return undefined;
  }
}
