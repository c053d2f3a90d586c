import { NumberInput, Select, Textarea } from '@mantine/core';
import { ASSIGNED_POINTS_LIMIT, ASSIGNED_REASON_MAX, assignPointsSchema, MESSAGES } from '@plenary/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { focusField } from '../../shared/forms/focusField';
import { ParticipantSelect } from '../../shared/people/ParticipantSelect';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { assignedPointsPath, type AssignedPointsRow, type TaskRow } from './api';

const FIELDS = ['participantId', 'points', 'reason', 'taskId'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** Assign points by hand: a participant, a whole number (negative takes away), a reason, optionally a task. */
export function AssignPointsDialog({
  eventId,
  gameId,
  tasks,
  onClose,
  onSaved,
}: {
  eventId: string;
  gameId: string;
  tasks: TaskRow[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const [participantId, setParticipantId] = useState<string | null>(null);
  const [points, setPoints] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const clear = (field: Field) => setErrors(({ [field]: _, ...rest }) => rest);
  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) focusField(formRef.current, first);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The domain's own rules and messages, before the round trip.
    const parsed = assignPointsSchema.safeParse({
      participantId: participantId ?? '',
      points: points === '' ? undefined : Number(points),
      reason,
      taskId,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= key === 'participantId' ? MESSAGES.required : issue.message;
      }
      return show(found);
    }
    setSaving(true);
    try {
      const saved = await apiFetch<AssignedPointsRow>(assignedPointsPath(eventId, gameId), {
        method: 'POST',
        body: parsed.data,
      });
      await onSaved();
      toast.success(t('points.assigned', { points: saved.points, name: saved.participantName }));
      onClose();
    } catch (error) {
      const fields = (isApiError(error) && error.fields) || {};
      if (FIELDS.some((f) => fields[f])) show(fields as Errors);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('points.assign')}
      submitLabel={t('points.assign')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
    >
      <ParticipantSelect
        eventId={eventId}
        label={t('points.participant')}
        value={participantId}
        onChange={(id) => {
          setParticipantId(id);
          clear('participantId');
        }}
        error={errors.participantId}
        field="participantId"
      />
      <NumberInput
        label={t('points.pointsLabel')}
        description={t('points.pointsHint')}
        required
        allowDecimal={false}
        min={-ASSIGNED_POINTS_LIMIT}
        max={ASSIGNED_POINTS_LIMIT}
        value={points}
        onChange={(v) => {
          setPoints(v);
          clear('points');
        }}
        error={errors.points}
        data-field="points"
      />
      <Textarea
        label={t('points.reason')}
        description={t('points.reasonHint')}
        required
        autosize
        minRows={2}
        maxRows={4}
        maxLength={ASSIGNED_REASON_MAX}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          clear('reason');
        }}
        error={errors.reason}
        data-field="reason"
      />
      <Select
        label={t('points.task')}
        description={t('points.taskHint')}
        data={tasks.map((task) => ({ value: task.id, label: task.name }))}
        value={taskId}
        onChange={(v) => {
          setTaskId(v);
          clear('taskId');
        }}
        clearable
        placeholder={t('points.noTask')}
        comboboxProps={{ withinPortal: true }}
        error={errors.taskId}
        data-field="taskId"
      />
    </FormDialog>
  );
}
