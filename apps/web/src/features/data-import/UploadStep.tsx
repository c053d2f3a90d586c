import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportColumn, ImportFileExtension, ImportTableDescriptor } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/ui/toast';
import { downloadTemplate, useImportActions } from './api';
import { FileDrop } from './FileDrop';
import { importPath } from './steps';

/** What a column holds beyond its type: the API's note, else the values to choose from; multiple select. */
export function ColumnNotes({ column }: { column: ImportColumn }) {
  const { t } = useTranslation('dataImport');
  const values = column.enumValues.length ? t('enumValues', { values: column.enumValues.join(', ') }) : '';
  const notes = [column.description || values, column.isEnumMultiple ? t('enumMultiple') : '']
    .filter(Boolean)
    .join(' · ');
  return <>{notes}</>;
}

/** Step 1: the template (xlsx; csv too for participants), what each column holds, and the upload. */
export function UploadStep({ eventId, table }: { eventId: string; table: ImportTableDescriptor }) {
  const { t } = useTranslation('dataImport');
  const navigate = useNavigate();
  const { upload } = useImportActions(eventId);
  const [downloading, setDownloading] = useState<ImportFileExtension | null>(null);

  const template = async (format: ImportFileExtension) => {
    setDownloading(format);
    try {
      await downloadTemplate(eventId, table.table, format, table.label);
    } catch {
      toast.error(t('upload.templateFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('upload.templateTitle')}
        </Title>
        <Text size="sm">{t('upload.templateText')}</Text>
        <Group gap="sm">
          {table.templateFormats.map((format) => (
            // No `loading`: it disables the button, which would drop the keyboard focus.
            <Button
              key={format}
              variant="light"
              onClick={() => downloading === null && void template(format)}
              aria-busy={downloading === format}
            >
              {t('upload.template', { format: format.toUpperCase() })}
            </Button>
          ))}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('upload.columnsTitle')}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('upload.column')}</Table.Th>
                <Table.Th scope="col">{t('upload.type')}</Table.Th>
                <Table.Th scope="col">{t('upload.required')}</Table.Th>
                <Table.Th scope="col">{t('upload.example')}</Table.Th>
                <Table.Th scope="col">{t('upload.notes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.columns.map((c) => (
                <Table.Tr key={c.key}>
                  <Table.Th scope="row" fw={500}>
                    {c.label}
                  </Table.Th>
                  <Table.Td>{t(`types.${c.type}`)}</Table.Td>
                  <Table.Td>
                    {c.identifies ? t('upload.identifies') : t(c.required ? 'upload.yes' : 'upload.no')}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{c.example}</Table.Td>
                  <Table.Td>
                    <ColumnNotes column={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('upload.fileTitle')}
        </Title>
        <FileDrop
          table={table}
          uploading={upload.isPending}
          onFile={async (file) => {
            const row = await upload.mutateAsync({ table: table.table, file });
            void navigate(importPath(table.table, 'map', row.id));
          }}
        />
      </Stack>
    </Stack>
  );
}
