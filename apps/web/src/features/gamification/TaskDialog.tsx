import {
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ANY_ONLY_TASK_KINDS,
  canTargetSpecific,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  GAME_MESSAGES,
  GAME_TASK_TYPES,
  isBooleanTaskKind,
  MESSAGES,
  TASK_KIND_LABELS,
  TASK_KINDS,
  TASK_WEIGHT_MAX,
  taskIssues,
  type TaskKind,
} from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiQuery } from '../../shared/api/query';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  taskTargetsPath,
  tasksPath,
  type NamedRef,
  type TaskBody,
  type TaskPatch,
  type TaskRow,
} from './api';
import { focusField } from '../../shared/forms/focusField';

type Num = number | string;
interface Values {
  kind: TaskKind;
  type: TaskBody['type'];
  name: string;
  description: string;
  target: 'ANY' | 'SPECIFIC';
  targetIds: string[];
  points: Num;
  pointsPerSubTask: Num;
  tasksPointsLimit: Num;
  weight: Num;
}
type Errors = Partial<Record<keyof Values, string>>;
const FIELDS: (keyof Values)[] = [
  'kind',
  'type',
  'name',
  'description',
  'target',
  'targetIds',
  'points',
  'pointsPerSubTask',
  'tasksPointsLimit',
  'weight',
];

const num = (v: Num): number | null => (v === '' ? null : Number(v));

function valuesOf(task: TaskRow | null): Values {
  return {
    kind: task?.kind ?? 'SCAN_QR',
    type: task?.type ?? 'COMPLETION',
    name: task?.name ?? '',
    description: task?.description ?? '',
    target: task?.target ?? 'ANY',
    targetIds: task?.targetIds ?? [],
    points: task && task.type === 'COMPLETION' ? task.points : '',
    pointsPerSubTask: task?.pointsPerSubTask ?? '',
    tasksPointsLimit: task?.tasksPointsLimit ?? '',
    weight: task?.weight ?? 1,
  };
}

/** Add or edit a task: kind, type, target (items of the kind), points per type, weight in WEIGHTED_POINTS games. */
export function TaskDialog({
  eventId,
  gameId,
  weighted,
  task,
  onClose,
  onSaved,
}: {
  eventId: string;
  gameId: string;
  weighted: boolean;
  task: TaskRow | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const [values, setValues] = useState<Values>(() => valuesOf(task));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const specificAllowed = canTargetSpecific(values.kind);
  const targets = useApiQuery<{ records: NamedRef[] }>(
    taskTargetsPath(eventId, gameId),
    { kind: values.kind },
    { enabled: specificAllowed && values.target === 'SPECIFIC' },
  );
  const targetData = useMemo(() => {
    const all = new Map<string, string>();
    for (const r of task?.targets ?? []) all.set(r.id, r.name);
    for (const r of targets.data?.records ?? []) all.set(r.id, r.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [targets.data, task]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest as Errors);
  };
  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) focusField(formRef.current, first);
  };

  const body = (): TaskBody => ({
    kind: values.kind,
    type: values.type,
    name: values.name.trim(),
    description: values.description,
    target: specificAllowed ? values.target : 'ANY',
    targetIds: specificAllowed && values.target === 'SPECIFIC' ? values.targetIds : [],
    points: values.type === 'COMPLETION' ? num(values.points) : null,
    pointsPerSubTask: values.type === 'TYPE_POINTS' ? num(values.pointsPerSubTask) : null,
    tasksPointsLimit: values.type === 'TYPE_POINTS' ? num(values.tasksPointsLimit) : null,
    weight: weighted ? num(values.weight) : null,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const b = body();
    const found: Errors = taskIssues(b) as Errors;
    if (!b.name) found.name = MESSAGES.required;
    const weight = b.weight ?? null;
    if (weighted && weight === null) found.weight = MESSAGES.required;
    if (weighted && weight !== null && (weight < 0 || weight > TASK_WEIGHT_MAX))
      found.weight = GAME_MESSAGES.weight;
    if (Object.keys(found).length > 0) return show(found);
    setSaving(true);
    try {
      if (task) {
        const { kind: _kind, ...patch } = b;
        await apiFetch(`${tasksPath(eventId, gameId)}/${encodeURIComponent(task.id)}`, {
          method: 'PATCH',
          body: patch satisfies TaskPatch,
        });
      } else await apiFetch(tasksPath(eventId, gameId), { method: 'POST', body: b });
      await onSaved();
      toast.success(t(task ? 'tasks.saved' : 'tasks.created', { name: b.name }));
      onClose();
    } catch (error) {
      const fields = isApiError(error) && error.fields ? error.fields : {};
      const own = Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.split('.')[0], m])) as Errors;
      if (FIELDS.some((f) => own[f])) show(own);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const anyOnly = (ANY_ONLY_TASK_KINDS as readonly TaskKind[]).includes(values.kind);
  return (
    <FormDialog
      title={t(task ? 'tasks.editTitle' : 'tasks.addTitle')}
      submitLabel={t(task ? 'form.save' : 'tasks.add')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('tasks.kind')}
          description={task ? t('tasks.kindFixed') : undefined}
          data={TASK_KINDS.map((k) => ({ value: k, label: TASK_KIND_LABELS[k] }))}
          value={values.kind}
          onChange={(v) => {
            if (!v) return;
            const kind = v as TaskKind;
            setValues((old) => ({
              ...old,
              kind,
              target: canTargetSpecific(kind) ? old.target : 'ANY',
              targetIds: [],
            }));
            setErrors({});
          }}
          disabled={task !== null}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          error={errors.kind}
          data-field="kind"
        />
        <Select
          label={t('tasks.type')}
          data={GAME_TASK_TYPES.map((k) => ({ value: k, label: t(`taskTypes.${k}`) }))}
          value={values.type}
          onChange={(v) => v && set('type', v as Values['type'])}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={errors.type}
          data-field="type"
        />
      </SimpleGrid>
      <TextInput
        label={t('tasks.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-field="name"
      />
      <Textarea
        label={t('tasks.description')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
      {!isBooleanTaskKind(values.kind) && (
        <Radio.Group
          label={t('tasks.target')}
          description={anyOnly ? t('tasks.anyOnly') : undefined}
          value={specificAllowed ? values.target : 'ANY'}
          onChange={(v) => set('target', v as Values['target'])}
          error={errors.target}
          data-field="target"
        >
          <Stack gap={6} mt={6}>
            <Radio value="ANY" label={t('targets.ANY')} />
            {specificAllowed && <Radio value="SPECIFIC" label={t('targets.SPECIFIC')} />}
          </Stack>
        </Radio.Group>
      )}
      {specificAllowed && values.target === 'SPECIFIC' && (
        <MultiSelect
          label={t('tasks.items')}
          required
          data={targetData}
          value={values.targetIds}
          onChange={(v) => set('targetIds', v)}
          searchable
          nothingFoundMessage={MESSAGES.noOptions}
          comboboxProps={{ withinPortal: true }}
          error={errors.targetIds}
          data-field="targetIds"
        />
      )}
      {values.type === 'COMPLETION' ? (
        <NumberInput
          label={t('tasks.points')}
          required
          min={0}
          allowDecimal={false}
          value={values.points}
          onChange={(v) => set('points', v)}
          error={errors.points}
          data-field="points"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('tasks.pointsPerSubTask')}
            required
            min={0}
            allowDecimal={false}
            value={values.pointsPerSubTask}
            onChange={(v) => set('pointsPerSubTask', v)}
            error={errors.pointsPerSubTask}
            data-field="pointsPerSubTask"
          />
          <NumberInput
            label={t('tasks.tasksPointsLimit')}
            description={t('tasks.limitHint')}
            min={0}
            allowDecimal={false}
            value={values.tasksPointsLimit}
            onChange={(v) => set('tasksPointsLimit', v)}
            error={errors.tasksPointsLimit}
            data-field="tasksPointsLimit"
          />
        </SimpleGrid>
      )}
      {weighted && (
        <NumberInput
          label={t('tasks.weight')}
          description={t('tasks.weightHint')}
          required
          min={0}
          max={TASK_WEIGHT_MAX}
          decimalScale={2}
          value={values.weight}
          onChange={(v) => set('weight', v)}
          error={errors.weight}
          data-field="weight"
        />
      )}
    </FormDialog>
  );
}
