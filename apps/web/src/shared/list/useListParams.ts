import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchParamsUpdate } from '../navigation/useSearchParamsUpdate';
import { sortFieldsOf } from './defineResource';
import { changeParams, parseListParams, writeListParams } from './query';
import type { ListParams, ResourceDef } from './types';

export interface ListParamsState {
  params: ListParams;
  /**
   * Applies a change (any change but the page goes back to page 1) and writes it to the URL.
   * `replace` avoids a history entry per keystroke (search typing); other changes push one,
   * so back/forward walk through pages, sorts and filters.
   */
  setParams: (patch: Partial<ListParams>, options?: { replace?: boolean }) => void;
}

/** The list query kept in the URL's search params: survives reload and back/forward. */
export function useListParams<T>(resource: ResourceDef<T>): ListParamsState {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const sortFields = useMemo(() => sortFieldsOf(resource), [resource]);
  const qs = searchParams.toString();
  const params = useMemo(
    () => parseListParams(new URLSearchParams(qs), resource.filters, sortFields),
    [qs, resource.filters, sortFields],
  );
  const setParams = useCallback(
    (patch: Partial<ListParams>, options?: { replace?: boolean }) => {
      updateSearchParams(
        (prev) =>
          writeListParams(
            prev,
            changeParams(parseListParams(prev, resource.filters, sortFields), patch),
            resource.filters,
          ),
        options,
      );
    },
    [updateSearchParams, resource.filters, sortFields],
  );
  return { params, setParams };
}
