import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';

/** The answer of `POST /events/:eventId/custom-qr-codes/scan` (customQrScanResultSchema in the domain). */
export interface CustomQrScanResult {
  eventId: string;
  codeId: string;
  name: string;
  description: string;
  firstScan: boolean;
  scanCount: number;
  pointsEarned: number;
}

export type QrScanVia = 'APP' | 'EXTERNAL';

/** Records a scan of a custom QR code; the event is the one in the payload, checked again by the API. */
export function useCustomQrScan(via: QrScanVia) {
  return useMutation<CustomQrScanResult, ApiError, { eventId: string; qr: string }>({
    mutationFn: ({ eventId, qr }) =>
      apiFetch<CustomQrScanResult>(`events/${encodeURIComponent(eventId)}/custom-qr-codes/scan`, {
        method: 'POST',
        body: { qr, via },
      }),
    networkMode: 'always',
  });
}
