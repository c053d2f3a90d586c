import { ColorInput, MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  BADGE_ICONS,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  MESSAGES,
  type BadgeIcon,
} from '@plenary/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { badgesPath, type BadgeBody, type BadgeRow, type TaskRow } from './api';
import { focusField } from '../../shared/forms/focusField';

type Errors = Partial<Record<'name' | 'description' | 'icon' | 'color' | 'taskIds', string>>;
const FIELDS = ['name', 'description', 'icon', 'color', 'taskIds'] as const;

/** Add or edit a badge: name, description, icon, colour and the tasks (of this game) that earn it. */
export function BadgeDialog({
  eventId,
  gameId,
  badge,
  tasks,
  onClose,
  onSaved,
}: {
  eventId: string;
  gameId: string;
  badge: BadgeRow | null;
  tasks: TaskRow[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('gamification');
  const [values, setValues] = useState<Required<BadgeBody>>(() => ({
    name: badge?.name ?? '',
    description: badge?.description ?? '',
    icon: badge?.icon ?? 'star',
    color: badge?.color ?? '#b45309',
    taskIds: badge?.taskIds ?? [],
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Errors>(key: K, value: Required<BadgeBody>[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest as Errors);
  };
  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) focusField(formRef.current, first);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...values, name: values.name.trim() };
    const found: Errors = {};
    if (!body.name) found.name = MESSAGES.required;
    if (body.taskIds.length === 0) found.taskIds = MESSAGES.required;
    if (Object.keys(found).length > 0) return show(found);
    setSaving(true);
    try {
      await apiFetch(
        badge
          ? `${badgesPath(eventId, gameId)}/${encodeURIComponent(badge.id)}`
          : badgesPath(eventId, gameId),
        {
          method: badge ? 'PATCH' : 'POST',
          body,
        },
      );
      await onSaved();
      toast.success(t(badge ? 'badges.saved' : 'badges.created', { name: body.name }));
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

  return (
    <FormDialog
      title={t(badge ? 'badges.editTitle' : 'badges.addTitle')}
      submitLabel={t(badge ? 'form.save' : 'badges.add')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
    >
      <TextInput
        label={t('badges.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-field="name"
      />
      <Textarea
        label={t('badges.description')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('badges.icon')}
          data={BADGE_ICONS.map((i) => ({ value: i, label: t(`icons.${i}`) }))}
          value={values.icon}
          onChange={(v) => v && set('icon', v as BadgeIcon)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={errors.icon}
          data-field="icon"
        />
        <ColorInput
          label={t('badges.color')}
          format="hex"
          value={values.color}
          onChange={(v) => set('color', v)}
          error={errors.color}
          data-field="color"
        />
      </SimpleGrid>
      <MultiSelect
        label={t('badges.tasks')}
        description={t('badges.tasksHint')}
        required
        data={tasks.map((task) => ({ value: task.id, label: task.name }))}
        value={values.taskIds}
        onChange={(v) => set('taskIds', v)}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        comboboxProps={{ withinPortal: true }}
        error={errors.taskIds}
        data-field="taskIds"
      />
    </FormDialog>
  );
}
