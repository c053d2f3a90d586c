import { Checkbox, Fieldset, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { CUSTOM_FIELD_NAME_MAX_LENGTH, MESSAGES, type DataType } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import { useCustomFieldMutations } from './api';
import {
  ADMIN_SETTINGS,
  DATA_TYPE_OPTIONS,
  firstErrorField,
  formFieldOf,
  initialValues,
  toBody,
  validateCustomField,
  type CustomFieldFormErrors,
  type CustomFieldFormValues,
} from './customFieldForm.schema';
import { EnumValuesEditor } from './EnumValuesEditor';

/** Errors the dialog shows on a field; anything else from the API becomes a toast. */
const SHOWN = /^(name|dataType|currencyCode|isEnumMultiple|enumValues(\.\d+)?)$/;

interface CustomFieldFormProps {
  eventId: string;
  record: CustomFieldRow | null;
  onClose: () => void;
}

/** Create/edit dialog of a custom field: name, one of the eight types and their settings. */
export function CustomFieldForm({ eventId, record, onClose }: CustomFieldFormProps) {
  const { t } = useTranslation('customFields');
  const { create, update } = useCustomFieldMutations(eventId);
  const [values, setValues] = useState<CustomFieldFormValues>(() => initialValues(record));
  const [errors, setErrors] = useState<CustomFieldFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof CustomFieldFormValues>(key: K, value: CustomFieldFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))),
    );
  };

  const showErrors = (next: CustomFieldFormErrors) => {
    setErrors(next);
    const field = firstErrorField(next);
    if (field)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus(),
      );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCustomField(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    const { dataType } = values;
    if (!dataType) return; // validation above says 'Required field'
    const body = { ...toBody(values), dataType };
    try {
      if (record) await update.mutateAsync({ id: record.id, body });
      else await create.mutateAsync(body);
      toast.success(t(record ? 'form.saved' : 'form.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fields =
        isApiError(error) && error.fields
          ? Object.entries(error.fields).map(([k, m]) => [formFieldOf(k), m] as const)
          : [];
      const shown = Object.fromEntries(fields.filter(([k]) => SHOWN.test(k)));
      if (Object.keys(shown).length > 0) showErrors(shown);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    }
  };

  const check = (key: (typeof ADMIN_SETTINGS)[number]) => (
    <Checkbox
      key={key}
      label={t(`form.${key}`)}
      description={t(`form.${key}Hint`)}
      checked={values[key]}
      onChange={(e) => set(key, e.currentTarget.checked)}
    />
  );

  return (
    <FormDialog
      title={t(record ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t(record ? 'form.save' : 'form.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="lg"
    >
      <TextInput
        label={t('form.name')}
        description={t('form.nameHint')}
        required
        maxLength={CUSTOM_FIELD_NAME_MAX_LENGTH}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <Select
        label={t('form.dataType')}
        description={record && !errors.dataType ? t('form.dataTypeHint') : undefined}
        required
        data={DATA_TYPE_OPTIONS}
        value={values.dataType || null}
        onChange={(v) => set('dataType', (v ?? '') as DataType | '')}
        error={errors.dataType}
        nothingFoundMessage={MESSAGES.noOptions}
        allowDeselect={false}
        data-field="dataType"
        comboboxProps={{ withinPortal: true }}
      />
      {values.dataType === 'CURRENCY' && (
        <TextInput
          label={t('form.currencyCode')}
          description={t('form.currencyCodeHint')}
          required
          maxLength={3}
          w={200}
          value={values.currencyCode}
          onChange={(e) => set('currencyCode', e.currentTarget.value.toUpperCase())}
          error={errors.currencyCode}
          data-field="currencyCode"
          autoCapitalize="characters"
        />
      )}
      {values.dataType === 'ENUM' && (
        <>
          <Switch
            label={t('form.isEnumMultiple')}
            description={t('form.isEnumMultipleHint')}
            checked={values.isEnumMultiple}
            onChange={(e) => set('isEnumMultiple', e.currentTarget.checked)}
            error={errors.isEnumMultiple}
          />
          <EnumValuesEditor
            values={values.enumValues}
            onChange={(next) => set('enumValues', next)}
            errors={errors}
          />
        </>
      )}
      <Fieldset
        legend={
          <Text size="sm" fw={600} component="span">
            {t('form.settings')}
          </Text>
        }
        variant="unstyled"
        p={0}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt={4}>
          {ADMIN_SETTINGS.map(check)}
        </SimpleGrid>
      </Fieldset>
    </FormDialog>
  );
}
