import { Box, Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EditButton } from '../../shared/forms/EntityForm';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { ReminderSettingsCard } from '../reminder-settings';
import { campaignRoute, useUpdateOptions, type CampaignRow } from './api';
import { CampaignEditor } from './CampaignEditor';
import { campaignsResource } from './campaignsResource';

function Campaigns({ eventId }: { eventId: string }) {
  const { t } = useTranslation('communications');
  const navigate = useNavigate();
  const options = useUpdateOptions(eventId);
  const timeZone = options.data?.timezone;
  const resource = useMemo(() => campaignsResource(eventId, timeZone), [eventId, timeZone]);
  const deleting = useDeleteDialog<CampaignRow>();
  const [editing, setEditing] = useState<CampaignRow | 'new' | null>(null);
  const rules = (c: CampaignRow) => options.data?.statuses.find((s) => s.status === c.status);
  const add = <Button onClick={() => setEditing('new')}>{t('campaigns.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('campaigns.title')}
        actions={add}
        rowActions={(c) => (
          <RowActions>
            {(rules(c)?.editable ?? c.editable) && (
              <EditButton name={c.subject} onClick={() => setEditing(c)} />
            )}
            {(rules(c)?.deletable ?? false) && (
              <DeleteButton
                label={t('campaigns.delete', { subject: c.subject })}
                onClick={() => deleting.open(c)}
              />
            )}
          </RowActions>
        )}
        empty={{ title: t('campaigns.empty'), description: t('campaigns.emptyText'), action: add }}
      />
      {/* Automatic reminders are the event's other way of reaching attendees: set beside its campaigns. */}
      <Box mt="xl" maw={640}>
        <ReminderSettingsCard eventId={eventId} />
      </Box>
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('campaigns.deleteTitle')}
          message={t('campaigns.deleteText', { subject: deleting.record.subject })}
          confirmLabel={t('campaigns.deleteConfirm')}
          successMessage={t('campaigns.deleted')}
          onClose={deleting.close}
        />
      )}
      {editing && (
        <CampaignEditor
          eventId={eventId}
          campaign={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            if (editing === 'new') void navigate(campaignRoute(c.id));
          }}
        />
      )}
    </>
  );
}

/** `/communication`: the selected event's communications (spec part 3), with create, edit and delete. */
export function CampaignsPage() {
  return <EventRequired>{(eventId) => <Campaigns eventId={eventId} />}</EventRequired>;
}
