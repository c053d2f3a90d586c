import { Group, Pagination as MantinePagination, Select, Text } from '@mantine/core';
import { PAGE_SIZE_OPTIONS } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format';
import { isViewAll, pageRange } from './query';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  /** False until the first answer: the counts are not shown yet. */
  loaded: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  /** Id prefix for the page-size control. */
  id?: string;
}

/** Page size (20, 300, 1000, View All), "x–y of total" (announced politely) and page navigation. */
export function Pagination({
  page,
  limit,
  total,
  loaded,
  onPageChange,
  onLimitChange,
  id = 'list',
}: PaginationProps) {
  const { t, i18n } = useTranslation('list');
  const n = (v: number) => formatCount(v, i18n.language);
  const viewAll = isViewAll(limit);
  const { from, to, pages } = pageRange(viewAll ? 1 : page, limit, total);
  const sizeOptions = PAGE_SIZE_OPTIONS.map((size) => ({
    value: String(size),
    label: isViewAll(size) ? t('pagination.viewAll') : n(size),
  }));

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Select
          id={`${id}-page-size`}
          label={t('pagination.pageSize')}
          data={sizeOptions}
          value={String(limit)}
          onChange={(v) => v && onLimitChange(Number(v))}
          allowDeselect={false}
          w={150}
          size="sm"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite" mt={22}>
          {!loaded
            ? '\u00a0'
            : total === 0
              ? t('pagination.count', { count: 0 })
              : t('pagination.range', { from: n(from), to: n(to), total: n(total) })}
        </Text>
      </Group>
      {!viewAll && pages > 1 && (
        <nav aria-label={t('pagination.label')}>
          <MantinePagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            withEdges={pages > 5}
            size="sm"
            getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </nav>
      )}
    </Group>
  );
}
