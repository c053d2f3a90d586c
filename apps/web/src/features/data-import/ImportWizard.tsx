import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import type { ImportTable } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { LoadError } from '../../shared/ui/LoadError';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useImport, useImportTables } from './api';
import { ImportStep } from './ImportStep';
import { MappingStep } from './MappingStep';
import { importPath, stepNumber, STEPS, stepToShow, type Step } from './steps';
import { UploadStep } from './UploadStep';
import { VerifyStep } from './VerifyStep';

interface ImportWizardProps {
  eventId: string;
  table: ImportTable;
  step: Step | undefined;
  importId: string | undefined;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton h={28} w="40%" />
      <Skeleton h={120} />
      <Skeleton h={44} w="30%" />
    </Stack>
  );
}

/**
 * `/setup/data-import/{table}/{step}/{importId}`: the steps of one import. The import's status
 * decides which steps it can show (a reload or a reopened browser lands where the job is).
 */
export function ImportWizard({ eventId, table, step, importId }: ImportWizardProps) {
  const { t } = useTranslation('dataImport');
  const tables = useImportTables(eventId);
  const row = useImport(eventId, importId);
  const descriptor = tables.data?.find((d) => d.table === table);
  const label = t(`tables.${table}`);
  usePageTitle(`${t('upload.title', { table: label })} · ${t('page.title')}`);

  let shown: Step | undefined = importId ? undefined : 'upload';
  let body;
  if (tables.isError && !tables.data)
    body = <LoadError message={tables.error.message} onRetry={() => void tables.refetch()} />;
  else if (row.isError && !row.data)
    body =
      row.error.status === 404 ? (
        <Text role="alert">{t('page.notFound')}</Text>
      ) : (
        <LoadError message={row.error.message} onRetry={() => void row.refetch()} />
      );
  else if (!tables.data || (importId && !row.data)) body = <Loading />;
  else if (!descriptor) body = <Text role="alert">{t('page.noTables')}</Text>;
  else if (!importId) {
    if (step !== 'upload') return <Navigate to={importPath(table, 'upload')} replace />;
    body = <UploadStep eventId={eventId} table={descriptor} />;
  } else if (row.data) {
    const current = row.data;
    if (current.table !== table) return <Navigate to={importPath(current.table, step, current.id)} replace />;
    shown = stepToShow(current.status, step, current.progress.phase);
    if (shown === undefined) {
      body = (
        <EmptyState title={t('cancelled.title')} description={t('cancelled.text')} py="lg">
          <EmptyState.Actions>
            <Button component={Link} to={importPath(table, 'upload')}>
              {t('cancelled.again')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    } else if (shown !== step) {
      return <Navigate to={importPath(table, shown, current.id)} replace />;
    } else if (shown === 'map') {
      body = (
        <MappingStep
          key={`${current.id}:${current.updatedAt}`}
          eventId={eventId}
          table={descriptor}
          row={current}
        />
      );
    } else if (shown === 'verify') {
      body = <VerifyStep eventId={eventId} table={descriptor} row={current} />;
    } else {
      body = <ImportStep eventId={eventId} table={descriptor} row={current} />;
    }
  }

  // A completed import has every step done.
  const active =
    row.data?.status === 'COMPLETED' && importId ? STEPS.length : shown ? stepNumber(shown) - 1 : -1;
  return (
    <Stack gap="lg" maw={1040}>
      <Stack gap={4}>
        <Anchor component={Link} to={importPath()} size="sm">
          {t('page.back')}
        </Anchor>
        <Group justify="space-between" align="center">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('upload.title', { table: label })}
          </Title>
        </Group>
      </Stack>
      <nav aria-label={t('steps.label')}>
        {/* Narrow screens: one line instead of four squeezed steps. */}
        <Text hiddenFrom="sm" fw={600} size="sm">
          {active >= 0 && active < STEPS.length
            ? t('steps.current', {
                number: active + 1,
                count: STEPS.length,
                name: t(`steps.${STEPS[active]!}`),
              })
            : t('steps.done')}
        </Text>
        <Stepper visibleFrom="sm" active={active} size="sm" allowNextStepsSelect={false} iconSize={32}>
          {STEPS.map((s, i) => (
            <Stepper.Step
              key={s}
              label={t(`steps.${s}`)}
              description={t(`steps.${s}Text`)}
              aria-current={i === active ? 'step' : undefined}
              allowStepSelect={false}
            />
          ))}
        </Stepper>
      </nav>
      <Card>{body}</Card>
    </Stack>
  );
}
