import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { useImportActions, type ImportRow } from './api';
import { importPath } from './steps';

/** Discards an import that is not committed (DELETE: CANCELLED, its file removed), after a confirmation. */
export function DiscardButton({ eventId, row }: { eventId: string; row: ImportRow }) {
  const { t } = useTranslation('dataImport');
  const navigate = useNavigate();
  const { discard } = useImportActions(eventId);
  const [open, setOpen] = useState(false);
  const focusReturn = useFocusReturnOnClose();
  return (
    <>
      {/* Mantine's subtle hover (shade 2) under red.9 text is 3.75:1: shade 0 keeps it above 4.5:1. */}
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        vars={() => ({ root: { '--button-hover': 'var(--mantine-color-red-0)' } })}
        onClick={() => {
          focusReturn.remember();
          setOpen(true);
        }}
      >
        {t('map.discard')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('discard.title')}
          confirmLabel={t('discard.confirm')}
          cancelLabel={t('discard.cancel')}
          danger
          failedMessage={t('actionFailed')}
          onClose={() => {
            setOpen(false);
            focusReturn.restore();
          }}
          onConfirm={async () => {
            await discard.mutateAsync(row.id);
            toast.success(t('map.discarded'));
            void navigate(importPath(row.table, 'upload'));
          }}
        >
          <Text>{t('discard.text', { file: row.fileName })}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
