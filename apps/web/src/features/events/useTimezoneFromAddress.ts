import type { GeoTimezone } from '@plenary/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { addressToLookUp } from './eventFields.schema';

export type TimezoneHint = { kind: 'set'; timezone: string } | { kind: 'notFound'; message: string } | null;

/**
 * When the address field is left with a changed address, asks `GET geo/timezone` and fills the
 * time zone (the user may still pick another: the hint then goes). The address the form opened with
 * counts as looked up already, so a blur without a change asks nothing.
 */
export function useTimezoneFromAddress(
  address: string,
  timezone: string,
  setTimezone: (zone: string) => void,
) {
  const looked = useRef(address.trim());
  const pending = useRef<AbortController | null>(null);
  const [hint, setHint] = useState<TimezoneHint>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const onAddressBlur = useCallback(async () => {
    const lookUp = addressToLookUp(address, looked.current);
    if (lookUp === undefined) return;
    looked.current = lookUp;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      const found = await apiFetch<GeoTimezone>('geo/timezone', {
        query: { address: lookUp },
        signal: controller.signal,
      });
      setTimezone(found.timezone);
      setHint({ kind: 'set', timezone: found.timezone });
    } catch (error) {
      if (controller.signal.aborted) return;
      // Nothing found keeps the zone; other failures (offline) stay silent: the zone is still editable.
      setHint(
        isApiError(error) && error.status === 422 ? { kind: 'notFound', message: error.message } : null,
      );
    }
  }, [address, setTimezone]);

  const shown = hint?.kind === 'set' && hint.timezone !== timezone ? null : hint;
  return { onAddressBlur, hint: shown };
}
