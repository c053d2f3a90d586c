import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FilterOptionsSource, FilterOption, RemoteOptions } from './types';

export const optionsKey = (source: RemoteOptions) => ['filter-options', source.path, source.query] as const;

function isRemote(source: FilterOptionsSource): source is RemoteOptions {
  return !Array.isArray(source);
}

/**
 * Options of a filter or a form select, as Mantine `data`: static ones are translated, remote ones
 * are loaded once a minute at most and shared between filters and forms (one cache key per source).
 */
export function useOptions(source: FilterOptionsSource, enabled = true) {
  const { t } = useTranslation();
  const remote = isRemote(source) ? source : undefined;
  const query = useQuery({
    queryKey: remote ? optionsKey(remote) : ['filter-options', 'static'],
    queryFn: ({ signal }) => (remote ? remote.load(signal) : Promise.resolve<FilterOption[]>([])),
    enabled: enabled && remote !== undefined,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const options: readonly FilterOption[] = remote ? (query.data ?? []) : (source as readonly FilterOption[]);
  return {
    data: options.map((o) => ({ value: o.value, label: o.labelKey ? t(o.labelKey) : (o.label ?? o.value) })),
    loading: remote !== undefined && query.isPending,
  };
}
