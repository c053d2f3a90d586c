import { Button, SegmentedControl, Stack } from '@mantine/core';
import type { EmailLogEntry } from '@plenary/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { RowActions } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { EmailDrawer } from './EmailDrawer';
import { emailsResource } from './emailsResource';

function EmailLog({ eventId }: { eventId: string | null }) {
  const { t } = useTranslation('communications');
  const isSuperAdmin = useUserState().role === 'superadmin';
  const [all, setAll] = useState(false);
  const scopeEventId = isSuperAdmin && all ? null : eventId;
  const resource = useMemo(() => emailsResource(scopeEventId), [scopeEventId]);
  const [open, setOpen] = useState<EmailLogEntry | null>(null);
  return (
    <>
      <ResourceListPage
        key={resource.key}
        resource={resource}
        title={t('emails.title')}
        actions={
          isSuperAdmin && eventId !== null ? (
            <SegmentedControl
              aria-label={t('emails.scope')}
              value={all ? 'all' : 'event'}
              onChange={(v) => setAll(v === 'all')}
              data={[
                { value: 'event', label: t('emails.scopeEvent') },
                { value: 'all', label: t('emails.scopeAll') },
              ]}
            />
          ) : undefined
        }
        rowActions={(e) => (
          <RowActions>
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('emails.view', { to: e.to, subject: e.subject })}
              onClick={() => setOpen(e)}
            >
              {t('emails.viewShort')}
            </Button>
          </RowActions>
        )}
        empty={{ title: t('emails.empty'), description: t('emails.emptyText') }}
      />
      {open && <EmailDrawer eventId={scopeEventId} emailId={open.id} onClose={() => setOpen(null)} />}
    </>
  );
}

/** `/communication/emails`: the selected event's e-mail log (super admins may switch to every e-mail of the platform). */
export function EmailsPage() {
  return (
    <Stack gap="md">
      <EventRequired>{(eventId) => <EmailLog eventId={eventId} />}</EventRequired>
    </Stack>
  );
}
