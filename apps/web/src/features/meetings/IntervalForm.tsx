import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { toast } from '../../shared/ui/toast';
import { intervalsPath, useLabels, useRefreshMeetings, type IntervalRow } from './api';
import { pointsFromText, timeFromInput, timeToInput } from './intervalForm';

/** Add or edit a meeting interval: day, start, end, meeting length, meeting points, who may book. */
export function IntervalForm({
  eventId,
  interval,
  onClose,
}: {
  eventId: string;
  interval: IntervalRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('meetings');
  const refresh = useRefreshMeetings(eventId);
  const labels = useLabels(eventId);
  const [date, setDate] = useState(interval?.date ?? '');
  const [start, setStart] = useState(interval ? timeToInput(interval.startTime) : '09:00');
  const [end, setEnd] = useState(interval ? timeToInput(interval.endTime) : '12:00');
  const [slot, setSlot] = useState<number | string>(interval?.slotMinutes ?? 30);
  const [points, setPoints] = useState(interval?.meetingPoints.join('\n') ?? '');
  const [type, setType] = useState<'EVERYONE' | 'LABELS'>(interval?.bookableBy.type ?? 'EVERYONE');
  const [labelIds, setLabelIds] = useState<string[]>(interval?.bookableBy.labels.map((l) => l.id) ?? []);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setFields({});
    const body = {
      date,
      startTime: timeFromInput(start),
      endTime: timeFromInput(end),
      slotMinutes: typeof slot === 'number' ? slot : Number(slot),
      meetingPoints: pointsFromText(points),
      bookableBy: { type, labelIds: type === 'LABELS' ? labelIds : [] },
    };
    try {
      await apiFetch(interval ? `${intervalsPath(eventId)}/${interval.id}` : intervalsPath(eventId), {
        method: interval ? 'PATCH' : 'POST',
        body,
      });
      toast.success(t('console.form.saved'));
      await refresh();
      onClose();
    } catch (e) {
      if (isApiError(e) && e.fields) setFields(e.fields);
      else toast.error(isApiError(e) && e.message ? e.message : t('participant.failed'));
    } finally {
      setBusy(false);
    }
  };
  const pointError = Object.entries(fields).find(([k]) => k.startsWith('meetingPoints'))?.[1];
  const labelError = Object.entries(fields).find(([k]) => k.startsWith('bookableBy'))?.[1];

  return (
    <Modal
      opened
      onClose={onClose}
      title={interval ? t('console.form.titleEdit') : t('console.form.titleNew')}
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
          <TextInput
            type="date"
            label={t('console.form.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            required
            error={fields.date}
          />
          <Group grow>
            <TextInput
              type="time"
              label={t('console.form.startTime')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              required
              error={fields.startTime}
            />
            <TextInput
              type="time"
              label={t('console.form.endTime')}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              required
              error={fields.endTime}
            />
          </Group>
          <NumberInput
            label={t('console.form.slotMinutes')}
            description={t('console.form.slotMinutesHint')}
            value={slot}
            onChange={setSlot}
            min={5}
            max={120}
            step={5}
            allowDecimal={false}
            required
            error={fields.slotMinutes}
          />
          <Textarea
            label={t('console.form.meetingPoints')}
            description={t('console.form.meetingPointsHint')}
            value={points}
            onChange={(e) => setPoints(e.currentTarget.value)}
            autosize
            minRows={2}
            error={pointError}
          />
          <Radio.Group
            label={t('console.form.bookableBy')}
            value={type}
            onChange={(v) => setType(v as 'EVERYONE' | 'LABELS')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="EVERYONE" label={t('console.form.everyone')} />
              <Radio value="LABELS" label={t('console.form.labels')} />
            </Stack>
          </Radio.Group>
          {type === 'LABELS' && (
            <MultiSelect
              label={t('console.form.labelIds')}
              data={(labels.data?.records ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={labelIds}
              onChange={setLabelIds}
              searchable
              error={labelError}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('console.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
