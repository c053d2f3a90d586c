import { List, MultiSelect, Text } from '@mantine/core';
import {
  MAGIC_LINK_TTL_HOURS,
  type BulkAction,
  type BulkActionRequest,
  type bulkActionResultSchema,
} from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiFetch, newIdempotencyKey } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import { useRefreshParticipants, useUpdateOptions } from './api';
import { skippedSummary } from './bulkSummary';
import { participantsApi } from './paths';

type BulkResult = z.input<typeof bulkActionResultSchema>;

export interface BulkActionDialogProps {
  eventId: string;
  action: BulkAction;
  ids: readonly string[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * One bulk action through the confirmation dialog: the question (and the labels to add or remove),
 * then one `POST …/participants/bulk-actions` with an Idempotency-Key kept for the dialog's life, so
 * a retry after a lost answer does nothing twice; a toast says how many were done and why others
 * were skipped.
 */
export function BulkActionDialog({ eventId, action, ids, onClose, onDone }: BulkActionDialogProps) {
  const { t } = useTranslation('attendees');
  const tc = useTranslation().t;
  const refresh = useRefreshParticipants(eventId);
  const labelled = action === 'ADD_LABELS' || action === 'REMOVE_LABELS';
  const options = useUpdateOptions(eventId);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [labelError, setLabelError] = useState<string | undefined>();
  const [key] = useState(newIdempotencyKey);
  const count = ids.length;

  const run = async () => {
    if (labelled && labelIds.length === 0) {
      setLabelError(tc('messages.pleaseSelectValue'));
      throw new Error(tc('messages.pleaseSelectValue'));
    }
    const participantIds = [...ids];
    const body: BulkActionRequest =
      action === 'ADD_LABELS' || action === 'REMOVE_LABELS'
        ? { action, participantIds, labelIds }
        : { action, participantIds };
    const result = await apiFetch<BulkResult>(`${participantsApi(eventId)}/bulk-actions`, {
      method: 'POST',
      body,
      idempotencyKey: key,
    });
    const skipped = skippedSummary(result.skipped, t);
    toast.success(
      [t(`bulkAction.done.${action}`, { count: result.done }), skipped].filter(Boolean).join(' '),
    );
    void refresh();
    onDone();
  };

  return (
    <ConfirmDialog
      title={t(`bulkAction.title.${action}`, { count })}
      confirmLabel={t(`bulkAction.confirm.${action}`, { count })}
      danger={action === 'REMOVE'}
      failedMessage={labelError}
      onClose={onClose}
      onConfirm={run}
    >
      <Text>{t(`bulkAction.question.${action}`, { count })}</Text>
      {labelled && (
        <MultiSelect
          label={t('bulk.manualLabels')}
          description={t('bulk.manualLabelsHint')}
          data={(options.data?.labels ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={labelIds}
          onChange={(v) => {
            setLabelIds(v);
            setLabelError(undefined);
          }}
          error={labelError}
          required
          searchable
          nothingFoundMessage={options.isPending ? tc('states.loading') : tc('messages.noOptions')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {action === 'SEND_MAGIC_LINKS' && (
        <List size="sm" spacing={4}>
          <List.Item>{t('magicLinks.ruleSingleUse')}</List.Item>
          <List.Item>{t('magicLinks.ruleExpires', { hours: MAGIC_LINK_TTL_HOURS })}</List.Item>
          <List.Item>{t('magicLinks.ruleReplaces')}</List.Item>
        </List>
      )}
    </ConfirmDialog>
  );
}
