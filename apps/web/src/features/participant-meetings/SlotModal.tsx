import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { MEETING_MESSAGE_MAX } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../shared/time/format';
import { LoadError } from '../../shared/ui/LoadError';
import { useSlots } from './api';
import { freeSlotsByDay } from './logic';

/**
 * Picks a free slot of both people (and, for a request, a message): the request dialog and the
 * "propose another time" dialog.
 */
export function SlotModal({
  eventId,
  participantId,
  title,
  submitLabel,
  withMessage,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  eventId: string;
  participantId: string;
  title: string;
  submitLabel: string;
  withMessage: boolean;
  busy: boolean;
  error: { startAt?: string | undefined; message?: string | undefined } | undefined;
  onSubmit: (v: { startAt: string; message: string }) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('meetings');
  const slots = useSlots(eventId, participantId);
  const [startAt, setStartAt] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const days = freeSlotsByDay(slots.data?.slots ?? []);
  const data = days.map((d) => ({
    group: formatCalendarDate(d.date, i18n.language),
    items: d.slots.map((s) => ({ value: s.startAt, label: s.timeSlot })),
  }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('participant.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (startAt) onSubmit({ startAt, message });
        }}
      >
        <Stack gap="sm">
          {slots.isError ? (
            <LoadError onRetry={() => void slots.refetch()} />
          ) : !slots.isPending && days.length === 0 ? (
            <Text size="sm">{t('participant.noSlots')}</Text>
          ) : (
            <Select
              label={t('participant.slot')}
              placeholder={t('participant.slotPlaceholder')}
              data={data}
              value={startAt}
              onChange={setStartAt}
              required
              searchable={false}
              disabled={slots.isPending}
              error={error?.startAt}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {withMessage && (
            <Textarea
              label={t('participant.messageLabel')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              maxLength={MEETING_MESSAGE_MAX}
              autosize
              minRows={2}
              error={error?.message}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('participant.cancelDialog')}
            </Button>
            <Button type="submit" loading={busy} disabled={!startAt}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
