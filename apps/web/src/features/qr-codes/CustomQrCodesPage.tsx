import { ActionIcon, Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { UsersIcon } from '../../shared/ui/icons';
import { scansOfCodeRoute, SCANS_ROUTE, type CodeRow } from './api';
import { CodeDialog } from './CodeDialog';
import { codesResource } from './codesResource';
import { PngMenu, ReportsMenu, SheetButton } from './Downloads';

/** `/more/custom-qr-codes`: the selected event's custom QR codes. */
export function CustomQrCodesPage() {
  return <EventRequired>{(eventId) => <CodesOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}

function CodesOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('qrCodes');
  const dialog = useEditDialog<CodeRow>();
  const deleting = useDeleteDialog<CodeRow>();
  const resource = useMemo(() => codesResource(eventId), [eventId]);
  const add = <Button onClick={dialog.openCreate}>{t('codes.new')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('codes.title')}
        actions={
          <>
            {add}
            <SheetButton eventId={eventId} />
            <ReportsMenu eventId={eventId} />
            <Button variant="subtle" component={Link} to={SCANS_ROUTE}>
              {t('codes.allScans')}
            </Button>
          </>
        }
        // Edit, PNG, who scanned, delete: four icon buttons.
        rowActionsWidth={148}
        rowActions={(code) => (
          <RowActions>
            <EditButton name={code.name} onClick={() => dialog.openEdit(code)} />
            <PngMenu eventId={eventId} code={code} />
            <ActionIcon
              variant="subtle"
              component={Link}
              to={scansOfCodeRoute(code.id)}
              aria-label={t('codes.scansOf', { name: code.name })}
              title={t('codes.scansOf', { name: code.name })}
            >
              <UsersIcon size={16} />
            </ActionIcon>
            <DeleteButton
              label={t('codes.delete.button', { name: code.name })}
              onClick={() => deleting.open(code)}
            />
          </RowActions>
        )}
        empty={{ title: t('codes.empty'), description: t('codes.emptyText'), action: add }}
      />
      {dialog.open && <CodeDialog eventId={eventId} code={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('codes.delete.title')}
          message={t('codes.delete.text', { name: deleting.record.name })}
          confirmLabel={t('codes.delete.confirm')}
          successMessage={t('codes.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
