import { Button, Group, NumberInput, Stack, Tabs, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/query';
import { isApiError } from '../../shared/api/errors';
import { ResourceListPage } from '../../shared/list';
import { EditButton } from '../../shared/forms/EntityForm';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  AVAILABLE_ROUTE,
  INTERVALS_ROUTE,
  MEETINGS_ROUTE,
  settingsPath,
  type IntervalRow,
  type MeetingRow,
} from './api';
import { BookForm } from './BookForm';
import { IntervalForm } from './IntervalForm';
import { availableResource, intervalsResource, meetingsResource } from './resources';

export type MeetingsTab = 'meetings' | 'intervals' | 'available';
const ROUTES: Record<MeetingsTab, string> = {
  meetings: MEETINGS_ROUTE,
  intervals: INTERVALS_ROUTE,
  available: AVAILABLE_ROUTE,
};

function MeetingsList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  const resource = useMemo(() => meetingsResource(eventId), [eventId]);
  const cancelling = useDeleteDialog<MeetingRow>();
  const [booking, setBooking] = useState(false);
  const book = <Button onClick={() => setBooking(true)}>{t('console.book')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('console.tabs.meetings')}
        section
        actions={book}
        rowActions={(m) =>
          m.status === 'PENDING' || m.status === 'ACCEPTED' ? (
            <RowActions>
              <DeleteButton
                label={t('console.cancel', { name: `${m.requester.userName} – ${m.invitee.userName}` })}
                onClick={() => cancelling.open(m)}
              />
            </RowActions>
          ) : null
        }
        empty={{ title: t('console.empty'), description: t('console.emptyText'), action: book }}
      />
      {cancelling.record && (
        <ConfirmDelete
          path={resource.path}
          id={cancelling.record.id}
          title={t('console.cancelTitle')}
          message={t('console.cancelText', {
            a: cancelling.record.requester.userName,
            b: cancelling.record.invitee.userName,
          })}
          confirmLabel={t('console.cancelConfirm')}
          successMessage={t('console.cancelled')}
          onClose={cancelling.close}
        />
      )}
      {booking && <BookForm eventId={eventId} onClose={() => setBooking(false)} />}
    </>
  );
}

function QuotaForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  const settings = useApiQuery<{ requestQuota: number }>(settingsPath(eventId));
  const [quota, setQuota] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (settings.data) setQuota(settings.data.requestQuota);
  }, [settings.data]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        apiFetch(settingsPath(eventId), { method: 'PUT', body: { requestQuota: Number(quota) } })
          .then(() => toast.success(t('console.quotaSaved')))
          .catch((err: unknown) =>
            setError(isApiError(err) ? (err.fields?.requestQuota ?? err.message) : t('participant.failed')),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('console.settings')}
          description={t('console.quotaLabel')}
          value={quota}
          onChange={setQuota}
          min={1}
          max={1000}
          allowDecimal={false}
          w={300}
          error={error}
          disabled={settings.isPending}
        />
        <Button type="submit" variant="default" loading={busy}>
          {t('console.saveQuota')}
        </Button>
      </Group>
    </form>
  );
}

function IntervalsList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  const resource = useMemo(() => intervalsResource(eventId), [eventId]);
  const deleting = useDeleteDialog<IntervalRow>();
  const [editing, setEditing] = useState<IntervalRow | 'new' | null>(null);
  const add = <Button onClick={() => setEditing('new')}>{t('console.addInterval')}</Button>;
  const when = (w: IntervalRow) => `${w.date} ${w.timeSlot}`;
  return (
    <>
      <QuotaForm eventId={eventId} />
      <ResourceListPage
        resource={resource}
        title={t('console.tabs.intervals')}
        section
        actions={add}
        rowActions={(w) => (
          <RowActions>
            <EditButton name={when(w)} onClick={() => setEditing(w)} />
            <DeleteButton
              label={t('console.deleteInterval', { time: when(w) })}
              onClick={() => deleting.open(w)}
            />
          </RowActions>
        )}
        empty={{
          title: t('console.emptyIntervals'),
          description: t('console.emptyIntervalsText'),
          action: add,
        }}
      />
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('console.deleteTitle')}
          message={t('console.deleteText', { time: when(deleting.record) })}
          confirmLabel={t('console.deleteConfirm')}
          successMessage={t('console.deleted')}
          onClose={deleting.close}
        />
      )}
      {editing && (
        <IntervalForm
          eventId={eventId}
          interval={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function AvailableList({ eventId }: { eventId: string }) {
  const { t } = useTranslation('meetings');
  const resource = useMemo(() => availableResource(eventId), [eventId]);
  return (
    <ResourceListPage
      resource={resource}
      title={t('console.tabs.available')}
      section
      empty={{ title: t('console.emptyAvailable') }}
    />
  );
}

function Screen({ eventId, tab }: { eventId: string; tab: MeetingsTab }) {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>{t('console.title')}</Title>
      <Tabs value={tab} onChange={(v) => v && void navigate(ROUTES[v as MeetingsTab])} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="meetings">{t('console.tabs.meetings')}</Tabs.Tab>
          <Tabs.Tab value="intervals">{t('console.tabs.intervals')}</Tabs.Tab>
          <Tabs.Tab value="available">{t('console.tabs.available')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <Stack gap="md">
            {tab === 'meetings' && <MeetingsList eventId={eventId} />}
            {tab === 'intervals' && <IntervalsList eventId={eventId} />}
            {tab === 'available' && <AvailableList eventId={eventId} />}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function page(tab: MeetingsTab) {
  return function MeetingsScreen() {
    const { t } = useTranslation('meetings');
    usePageTitle(`${t('console.title')} – ${t(`console.tabs.${tab}`)}`);
    return <EventRequired>{(eventId) => <Screen key={eventId} eventId={eventId} tab={tab} />}</EventRequired>;
  };
}

/** `/agenda/meetings` (Meetings), `/agenda/meetings/intervals` (Meeting intervals), `/agenda/meetings/available` (Available users). */
export const MeetingsPage = page('meetings');
export const IntervalsPage = page('intervals');
export const AvailablePage = page('available');
