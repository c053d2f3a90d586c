import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';
import { useImportActions, type ImportRow } from './api';
import { importPath } from './steps';

/** Discards an import that is not committed (DELETE: CANCELLED, its file removed), after a confirmation. */
export function DiscardButton({ eventId, row }: { eventId: string; row: ImportRow }) {
  const { t } = useTranslation('dataImport');
  const navigate = useNavigate();
  const { discard } = useImportActions(eventId);
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await discard.mutateAsync(row.id);
      toast.success(t('map.discarded'));
      setOpen(false);
      void navigate(importPath(row.table, 'upload'));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('actionFailed'));
    }
  };
  return (
    <>
      {/* Mantine's subtle hover (shade 2) under red.9 text is 3.75:1: shade 0 keeps it above 4.5:1. */}
      <Button variant="subtle" color="red" c="red.9" vars={() => ({ root: { '--button-hover': 'var(--mantine-color-red-0)' } })} onClick={() => setOpen(true)}>
        {t('map.discard')}
      </Button>
      <Modal opened={open} onClose={() => !discard.isPending && setOpen(false)} title={<Text fw={600} size="lg" component="span">{t('discard.title')}</Text>} closeButtonProps={{ 'aria-label': t('discard.cancel') }}>
        <Stack gap="md">
          <Text>{t('discard.text', { file: row.fileName })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={discard.isPending} data-autofocus>
              {t('discard.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void confirm()} loading={discard.isPending}>
              {t('discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
