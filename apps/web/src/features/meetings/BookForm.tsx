import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { MEETING_MESSAGE_MAX } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';
import { ParticipantSelect } from '../../shared/people/ParticipantSelect';
import { meetingsPath, useRefreshMeetings, useStaffSlots } from './api';

/** Staff book a meeting for two participants in a slot of a meeting interval (accepted at once). */
export function BookForm({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('meetings');
  const refresh = useRefreshMeetings(eventId);
  const [requesterId, setRequesterId] = useState<string | null>(null);
  const [inviteeId, setInviteeId] = useState<string | null>(null);
  const [startAt, setStartAt] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const people = [requesterId, inviteeId].filter((id): id is string => Boolean(id));
  const staffSlots = useStaffSlots(eventId, people);
  const days = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of staffSlots.data?.slots ?? []) {
    if (!s.free) continue;
    const list = days.get(s.date) ?? [];
    list.push({ value: s.startAt, label: s.timeSlot });
    days.set(s.date, list);
  }
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const slots = [...days].map(([date, items]) => ({ group: dayLabel(date), items }));

  const save = async () => {
    setBusy(true);
    setFields({});
    try {
      await apiFetch(`${meetingsPath(eventId)}/book`, {
        method: 'POST',
        body: { requesterId, inviteeId, startAt, message },
      });
      toast.success(t('console.bookForm.booked'));
      await refresh();
      onClose();
    } catch (e) {
      if (isApiError(e) && e.fields) setFields(e.fields);
      else toast.error(isApiError(e) && e.message ? e.message : t('participant.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('console.bookForm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('participant.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <ParticipantSelect
            eventId={eventId}
            label={t('console.bookForm.requester')}
            value={requesterId}
            onChange={setRequesterId}
            error={fields.requesterId}
          />
          <ParticipantSelect
            eventId={eventId}
            label={t('console.bookForm.invitee')}
            value={inviteeId}
            onChange={setInviteeId}
            error={fields.inviteeId}
          />
          <Select
            label={t('console.bookForm.slot')}
            data={slots}
            disabled={staffSlots.isPending}
            value={startAt}
            onChange={setStartAt}
            required
            error={fields.startAt}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('console.bookForm.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={MEETING_MESSAGE_MAX}
            autosize
            minRows={2}
            error={fields.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.form.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!requesterId || !inviteeId || !startAt}>
              {t('console.bookForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
