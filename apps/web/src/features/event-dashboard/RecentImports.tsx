import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ImportStatus, ImportTable } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, formatCount } from '../../shared/list';
import { importPath, stepToShow } from '../data-import';
import type { OverviewAnswer } from './api';
import { dashboardLinks } from './links';

const TONE: Partial<Record<ImportStatus, string>> = {
  COMPLETED: 'green',
  FAILED: 'red',
  INVALID: 'orange',
  IMPORTING: 'blue',
  VERIFYING: 'blue',
};

/** The latest imports with their results; each opens the import at its step. */
export function RecentImports({ data }: { data: OverviewAnswer }) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (v: number) => formatCount(v, i18n.language);
  return (
    <Card>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3">
          {t('imports.title')}
        </Title>
        <Anchor component={Link} to={dashboardLinks.imports} size="sm">
          {t('imports.all')}
        </Anchor>
      </Group>
      {data.imports.length === 0 ? (
        <Text>{t('imports.none')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.imports.map((i) => (
            <li key={i.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={importPath(
                      i.tableName as ImportTable,
                      stepToShow(i.status, undefined) ?? 'upload',
                      i.id,
                    )}
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {i.fileName}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t(`dataImport:tables.${i.tableName}`)} · <DateTime value={i.createdAt} />
                  </Text>
                  {i.status === 'COMPLETED' && (
                    <Text size="sm">
                      {t('imports.result', {
                        created: n(i.createdCount),
                        updated: n(i.updatedCount),
                        skipped: n(i.skippedCount),
                        errors: n(i.errorCount),
                      })}
                    </Text>
                  )}
                </div>
                <Badge variant="light" color={TONE[i.status] ?? 'gray'} style={{ flexShrink: 0 }}>
                  {t(`dataImport:status.${i.status}`)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
