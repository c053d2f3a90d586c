import type { CustomQrScanResult } from '@plenary/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import type { ApiError } from '../../shared/api/errors';

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
