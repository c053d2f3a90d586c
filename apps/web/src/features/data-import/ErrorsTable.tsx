import { Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError';
import { useImportErrors } from './api';

const PAGE_SIZE = 20;

/** The rows with errors, a line per cell with a problem, 20 rows a page (`GET imports/{id}/errors`). */
export function ErrorsTable({
  eventId,
  importId,
  total,
}: {
  eventId: string;
  importId: string;
  total: number;
}) {
  const { t } = useTranslation('dataImport');
  const [page, setPage] = useState(1);
  const errors = useImportErrors(eventId, importId, page, PAGE_SIZE, total > 0);
  const count = errors.data?.total ?? total;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const from = count === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(count, page * PAGE_SIZE);

  if (errors.isError && !errors.data)
    return <LoadError message={errors.error.message} onRetry={() => void errors.refetch()} />;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id="import-errors-title">
        {t('verify.errorsTitle')}
      </Title>
      {!errors.data ? (
        <Stack gap={6} aria-busy="true" aria-label={t('common:states.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={30} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={6}
            fz="sm"
            aria-labelledby="import-errors-title"
            aria-busy={errors.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={70}>
                  {t('verify.row')}
                </Table.Th>
                <Table.Th scope="col">{t('verify.column')}</Table.Th>
                <Table.Th scope="col">{t('verify.value')}</Table.Th>
                <Table.Th scope="col">{t('verify.error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.data.records.flatMap((row) =>
                row.errors.map((cell, i) => (
                  <Table.Tr key={`${row.rowNumber}:${i}`} data-row={row.rowNumber}>
                    {i === 0 && (
                      <Table.Th
                        scope="rowgroup"
                        rowSpan={row.errors.length}
                        fw={600}
                        style={{ verticalAlign: 'top' }}
                      >
                        {row.rowNumber}
                      </Table.Th>
                    )}
                    <Table.Td>{cell.header ?? cell.column ?? t('verify.wholeRow')}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      {cell.value ? (
                        cell.value
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {t('verify.empty')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td c="red.9">{cell.message}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('verify.errorsRange', { from, to, total: count })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('verify.pages')}
            getControlProps={(control) => ({ 'aria-label': t(`verify.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('verify.page', { page: p }) })}
          />
        )}
      </Group>
    </Stack>
  );
}
