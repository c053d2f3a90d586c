import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import {
  DIRECTORY_FILTER_LABELS,
  DIRECTORY_FILTERS,
  DIRECTORY_NAME_MAX_LENGTH,
  DIRECTORY_POSITION_MAX,
  DIRECTORY_SORTS,
  DIRECTORY_STANDARD_FIELDS,
  DIRECTORY_VIEWS,
  MESSAGES,
  type DirectoryFilter,
  type DirectorySort,
  type DirectoryView,
} from '@plenary/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntitySave } from '../../shared/forms/EntityForm';
import { FormDialog } from '../../shared/ui/FormDialog';
import {
  directoriesPath,
  labelsPath,
  sessionsPath,
  useAllOf,
  useCustomFields,
  type DirectoryBody,
  type DirectoryRow,
  type NamedRef,
} from './api';
import { initialValues, toBody, validate, type DirectoryFormValues } from './directoryForm';

const selectProps = {
  comboboxProps: { withinPortal: true },
  maxDropdownHeight: 240,
  nothingFoundMessage: MESSAGES.noOptions,
} as const;

/** Create or edit a directory: name, view, filter (with its sessions, labels or values), shown fields, order. */
export function DirectoryForm({
  eventId,
  record,
  onClose,
}: {
  eventId: string;
  record: DirectoryRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('directories');
  const [values, setValues] = useState<DirectoryFormValues>(() => initialValues(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof DirectoryFormValues>(key: K, value: DirectoryFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const { saveAndClose, saving } = useEntitySave<DirectoryRow, DirectoryBody>(
    directoriesPath(eventId),
    'directories:form',
    record,
    onClose,
  );
  const sessions = useAllOf<NamedRef>(sessionsPath(eventId));
  const labels = useAllOf<NamedRef>(labelsPath(eventId));
  const fields = useCustomFields(eventId);
  const sessionData = useMemo(() => {
    const all = new Map<string, string>();
    for (const s of record?.sessions ?? []) all.set(s.id, s.name);
    for (const s of sessions.data?.records ?? []) all.set(s.id, s.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [sessions.data, record]);
  const labelData = useMemo(() => {
    const all = new Map<string, string>();
    for (const l of record?.labels ?? []) all.set(l.id, l.name);
    for (const l of labels.data?.records ?? []) all.set(l.id, l.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [labels.data, record]);
  const fieldData = (fields.data?.records ?? []).map((f) => ({ value: f.id, label: f.name }));
  const shownData = [
    ...DIRECTORY_STANDARD_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) })),
    ...(fields.data?.records ?? [])
      .filter((f) => f.showInProfile)
      .map((f) => ({ value: f.id, label: f.name })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const own = validate(values);
    if (Object.keys(own).length > 0) {
      setErrors(own);
      const first = Object.keys(own)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    void saveAndClose(toBody(values), {
      toastValues: { name: values.name.trim() },
      showServerErrors: (fieldErrors) => {
        if (!fieldErrors) return false;
        const mapped: Record<string, string> = {};
        for (const [k, m] of Object.entries(fieldErrors)) mapped[k.split('.')[0]!] = m;
        setErrors(mapped);
        return true;
      },
    });
  };

  const customRows = values.customFieldValues;
  const setRow = (i: number, row: { fieldId: string; values: string[] }) =>
    set(
      'customFieldValues',
      customRows.map((r, j) => (j === i ? row : r)),
    );

  return (
    <FormDialog
      title={t(record ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t(record ? 'form.save' : 'form.create')}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
    >
      <TextInput
        label={t('form.name')}
        required
        maxLength={DIRECTORY_NAME_MAX_LENGTH}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('form.view')}
          data={DIRECTORY_VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          value={values.view}
          onChange={(v) => v && set('view', v as DirectoryView)}
          allowDeselect={false}
          error={errors.view}
          data-field="view"
          {...selectProps}
        />
        <Select
          label={t('form.filter')}
          data={DIRECTORY_FILTERS.map((v) => ({ value: v, label: DIRECTORY_FILTER_LABELS[v] }))}
          value={values.filter}
          onChange={(v) => v && set('filter', v as DirectoryFilter)}
          allowDeselect={false}
          description={t(`filterHints.${values.filter}`)}
          error={errors.filter}
          data-field="filter"
          {...selectProps}
        />
      </SimpleGrid>
      {values.filter === 'SESSION_SPEAKERS' && (
        <MultiSelect
          label={t('form.sessions')}
          required
          data={sessionData}
          value={values.sessionIds}
          onChange={(ids) => set('sessionIds', ids)}
          searchable
          error={errors.sessionIds}
          data-field="sessionIds"
          {...selectProps}
        />
      )}
      {values.filter === 'CUSTOM' && (
        <Stack gap="sm">
          <MultiSelect
            label={t('form.labels')}
            description={t('form.labelsHint')}
            data={labelData}
            value={values.labelIds}
            onChange={(ids) => set('labelIds', ids)}
            searchable
            error={errors.labelIds}
            data-field="labelIds"
            {...selectProps}
          />
          {customRows.map((row, i) => (
            <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={t('form.customField')}
                data={fieldData}
                value={row.fieldId || null}
                onChange={(v) => setRow(i, { ...row, fieldId: v ?? '' })}
                searchable
                style={{ flex: 1 }}
                error={i === 0 ? errors.customFieldValues : undefined}
                data-field={i === 0 ? 'customFieldValues' : undefined}
                {...selectProps}
              />
              <TagsInput
                label={t('form.customValues')}
                value={row.values}
                onChange={(v) => setRow(i, { ...row, values: v })}
                style={{ flex: 1 }}
                clearable
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('form.removeCustom', { n: i + 1 })}
                onClick={() =>
                  set(
                    'customFieldValues',
                    customRows.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => set('customFieldValues', [...customRows, { fieldId: '', values: [] }])}
            >
              {t('form.addCustom')}
            </Button>
          </Group>
        </Stack>
      )}
      <Checkbox.Group
        label={t('form.shownFields')}
        description={t('form.shownFieldsHint')}
        value={values.shownFields}
        onChange={(v) => set('shownFields', v)}
        error={errors.shownFields}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {shownData.map((f) => (
            <Checkbox key={f.value} value={f.value} label={f.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('form.sort')}
          data={DIRECTORY_SORTS.map((v) => ({ value: v, label: t(`sorts.${v}`) }))}
          value={values.sort}
          onChange={(v) => v && set('sort', v as DirectorySort)}
          allowDeselect={false}
          data-field="sort"
          {...selectProps}
        />
        <NumberInput
          label={t('form.position')}
          description={t('form.positionHint')}
          min={0}
          max={DIRECTORY_POSITION_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.position}
          onChange={(v) => set('position', typeof v === 'number' ? v : Number(v) || 0)}
          error={errors.position}
          data-field="position"
        />
      </SimpleGrid>
    </FormDialog>
  );
}
