import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { EventRequired } from '../../shared/ui/EventRequired';
import { useImportTables } from './api';
import { ImportHistory } from './ImportHistory';
import { ImportWizard } from './ImportWizard';
import { importPath, parseStep, parseTable } from './steps';
import { useImportRealtime } from './useImportRealtime';

/** `/setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}` (spec part 2) on the selected event. */
export function DataImportPage() {
  return <EventRequired>{(eventId) => <DataImportOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

function DataImportOfEvent({ eventId }: { eventId: string }) {
  const { tableName, sequenceNumber, importId } = useParams();
  useImportRealtime(eventId);
  if (tableName === undefined) return <ImportHome eventId={eventId} />;
  const table = parseTable(tableName);
  if (!table) return <Navigate to={importPath()} replace />;
  return (
    <ImportWizard eventId={eventId} table={table} step={parseStep(sequenceNumber)} importId={importId} />
  );
}

/** Which table to import (only those the API registers), and the history of imports. */
function ImportHome({ eventId }: { eventId: string }) {
  const { t } = useTranslation('dataImport');
  usePageTitle(t('page.title'));
  const tables = useImportTables(eventId);
  const names = useMemo(() => (tables.data ?? []).map((d) => d.table), [tables.data]);

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" maw={760}>
          {t('page.intro')}
        </Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="import-choose">
        <Title order={2} fz="xl" id="import-choose">
          {t('page.chooseTitle')}
        </Title>
        {tables.isError && !tables.data ? (
          <LoadError message={tables.error.message} onRetry={() => void tables.refetch()} />
        ) : !tables.data ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true">
            <Skeleton h={150} radius="lg" />
            <Skeleton h={150} radius="lg" />
          </SimpleGrid>
        ) : tables.data.length === 0 ? (
          <Text>{t('page.noTables')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {tables.data.map((d) => {
              const label = t(`tables.${d.table}`);
              return (
                <Card key={d.table} component="article" aria-labelledby={`import-table-${d.table}`}>
                  <Stack gap="xs" h="100%">
                    <Title order={3} fz="lg" id={`import-table-${d.table}`}>
                      {label}
                    </Title>
                    <Text size="sm">{t(`page.tableHint.${d.table}`, { defaultValue: '' })}</Text>
                    <Text size="sm" c="dimmed">
                      {t('page.fileTypes', { types: d.fileTypes.map((f) => `.${f}`).join(', ') })} ·{' '}
                      {t('page.columns', { count: d.columns.length })}
                    </Text>
                    <Button
                      component={Link}
                      to={importPath(d.table, 'upload')}
                      mt="auto"
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('page.choose', { table: label })}
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
      <ImportHistory eventId={eventId} tables={names} />
    </Stack>
  );
}
