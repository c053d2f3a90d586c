import { Alert, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportTableDescriptor } from '@plenary/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { useImportActions, type ImportRow } from './api';
import { DiscardButton } from './DiscardButton';
import { assign, byColumn, byHeader, checkMapping } from './mapping';
import { importPath } from './steps';

const SKIP = '';

/**
 * Step 2: one row per column of the file, each with the field it goes into (matched by header at
 * upload). A field serves one column: choosing it for another column moves it there. The column
 * that finds the record (User: e-mail) must be mapped; other required ones are pointed out.
 */
export function MappingStep({
  eventId,
  table,
  row,
}: {
  eventId: string;
  table: ImportTableDescriptor;
  row: ImportRow;
}) {
  const { t } = useTranslation('dataImport');
  const navigate = useNavigate();
  const { verify } = useImportActions(eventId);
  const [headers, setHeaders] = useState(() => byHeader(row.headers, row.mapping));
  const [serverError, setServerError] = useState<string | null>(null);
  const check = useMemo(() => checkMapping(table.columns, headers), [table.columns, headers]);
  const headerOf = useMemo(
    () => new Map(Object.entries(headers).flatMap(([h, c]) => (c ? [[c, h] as const] : []))),
    [headers],
  );

  const options = (header: string) => [
    { value: SKIP, label: t('map.skip') },
    ...table.columns.map((c) => {
      const label = c.required || c.identifies ? t('map.required', { label: c.label }) : c.label;
      const other = headerOf.get(c.key);
      return {
        value: c.key,
        label: other && other !== header ? t('map.takenBy', { label, header: other }) : label,
      };
    }),
  ];

  const submit = async () => {
    setServerError(null);
    if (check.missingKey.length > 0) return;
    try {
      const next = await verify.mutateAsync({ id: row.id, mapping: byColumn(table.columns, headers) });
      void navigate(importPath(table.table, 'verify', next.id));
    } catch (error) {
      const message = isApiError(error) ? error.message : t('actionFailed');
      setServerError(message);
      toast.error(message);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {t('map.title', { file: row.fileName })}
        </Title>
        <Text size="sm">{t('map.text')}</Text>
      </Stack>
      {row.headers.length === 0 ? (
        <Text>{t('map.noHeaders')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="45%">
                  {t('map.header')}
                </Table.Th>
                <Table.Th scope="col">{t('map.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.headers.map((header) => (
                <Table.Tr key={header}>
                  <Table.Th scope="row" fw={500} style={{ wordBreak: 'break-word', verticalAlign: 'middle' }}>
                    {header}
                  </Table.Th>
                  <Table.Td>
                    <Select
                      aria-label={t('map.fieldFor', { header })}
                      data={options(header)}
                      value={headers[header] ?? SKIP}
                      onChange={(v) => setHeaders((h) => assign(h, header, v ? v : null))}
                      allowDeselect={false}
                      searchable
                      maxDropdownHeight={200}
                      comboboxProps={{ withinPortal: true }}
                      data-mapped={headers[header] ? 'true' : 'false'}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {check.missingKey.map((c) => (
        <Alert key={c.key} color="red" variant="light" role="alert">
          {t('map.keyMissing', { label: c.label })}
        </Alert>
      ))}
      {check.missingRequired.length > 0 && (
        <Alert color="yellow" variant="light">
          {t('map.unmappedRequired', { fields: check.missingRequired.map((c) => c.label).join(', ') })}
        </Alert>
      )}
      {serverError && (
        <Alert color="red" variant="light" role="alert">
          {serverError}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <DiscardButton eventId={eventId} row={row} />
        <BusyButton
          onClick={() => void submit()}
          busy={verify.isPending}
          disabled={check.missingKey.length > 0}
        >
          {t('map.verify')}
        </BusyButton>
      </Group>
    </Stack>
  );
}
