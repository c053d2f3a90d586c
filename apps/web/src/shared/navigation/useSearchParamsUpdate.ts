import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Changes the page's query parameters starting from the address bar, not from the last render.
 * React Router hands `setSearchParams` updaters the parameters of the last render, so a second
 * quick change (a day tab, then a filter, before React re-rendered) would undo the first.
 * `change` edits the parameters it is given, or returns new ones.
 */
export function useSearchParamsUpdate(): (
  change: (next: URLSearchParams) => URLSearchParams | void,
  options?: { replace?: boolean },
) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (change, options) =>
      setSearchParams(
        () => {
          const next = new URLSearchParams(window.location.search);
          return change(next) ?? next;
        },
        { replace: options?.replace ?? false },
      ),
    [setSearchParams],
  );
}
