import { Button, MultiSelect } from '@mantine/core';
import { MESSAGES } from '@plenary/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import type { RowSelection } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { collectionsPath, sessionsPath, useAllOf, useRefreshSessions, type CollectionRow } from './api';

interface BulkPatch {
  status?: 'DRAFT' | 'PUBLISHED';
  addCollectionIds?: string[];
}

/** What an admin can do with the selected sessions: publish, unpublish, add to collections (`PATCH sessions/update-options`). */
export function SessionBulkActions({ eventId, selection }: { eventId: string; selection: RowSelection }) {
  const { t } = useTranslation('agenda');
  const refresh = useRefreshSessions(eventId);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);

  const apply = async (patch: BulkPatch): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await apiFetch<{ updated?: number } | undefined>(
        `${sessionsPath(eventId)}/update-options`,
        { method: 'PATCH', body: { ids: selection.ids, ...patch } },
      );
      toast.success(t('sessions.bulk.updated', { count: answer?.updated ?? selection.count }));
      selection.clear();
      void refresh();
      return true;
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('sessions.bulk.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="compact-sm" onClick={() => void apply({ status: 'PUBLISHED' })} disabled={busy}>
        {t('sessions.bulk.publish')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => void apply({ status: 'DRAFT' })}
        disabled={busy}
      >
        {t('sessions.bulk.unpublish')}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setAdding(true)} disabled={busy}>
        {t('sessions.bulk.addToCollection')}
      </Button>
      {adding && (
        <AddToCollectionDialog
          eventId={eventId}
          count={selection.count}
          busy={busy}
          onApply={apply}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}

function AddToCollectionDialog({
  eventId,
  count,
  busy,
  onApply,
  onClose,
}: {
  eventId: string;
  count: number;
  busy: boolean;
  onApply: (patch: BulkPatch) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const collections = useAllOf<CollectionRow>(collectionsPath(eventId));
  const [ids, setIds] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ids.length === 0) return setError(MESSAGES.pleaseSelectValue);
    if (await onApply({ addCollectionIds: ids })) onClose();
  };
  return (
    <FormDialog
      title={t('sessions.bulk.addToCollectionTitle', { count })}
      submitLabel={t('sessions.bulk.apply')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={busy}
      size="md"
    >
      <MultiSelect
        label={t('sessions.bulk.collections')}
        required
        data={(collections.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={ids}
        onChange={(v) => {
          setIds(v);
          setError(undefined);
        }}
        error={error}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </FormDialog>
  );
}
