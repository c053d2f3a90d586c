import {
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type SimpleGridProps,
} from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { CURRENCY_DECIMALS, type CustomFieldValue as Value } from '@plenary/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldValue } from './CustomFieldValue';
import type { CustomFieldDraft, CustomFieldErrors, CustomFieldInputField } from './types';
import { isEditableByParticipant, timeFrom24h, timeTo24h } from './validation';
import { pickerHours, viewerClock } from '../time/format';
import { useDateAriaLabels } from '../ui/dateAriaLabels';

export interface CustomFieldInputsProps {
  fields: readonly CustomFieldInputField[];
  /** Values by field id (see CustomFieldDraft). */
  values: CustomFieldDraft;
  /** One field changed. */
  onChange: (fieldId: string, value: unknown) => void;
  /** Messages by field id (validateCustomFieldValues, or customFieldErrorsFromApi of a failed save). */
  errors?: CustomFieldErrors;
  /** Show every value read-only. */
  readOnly?: boolean;
  /** A participant's own profile: fields they may not edit are shown read-only. */
  onlyEditableByParticipant?: boolean;
  disabled?: boolean;
  cols?: SimpleGridProps['cols'];
}

/** Form name of a field's control: `customFields.<id>` (as the API names it in `fields`). */
export const customFieldName = (id: string) => `customFields.${id}`;

interface InputProps {
  field: CustomFieldInputField;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  disabled: boolean;
}

/** One editable field, by type. Every control is labelled and says when it is required. */
function FieldInput({ field, value, onChange, error, disabled }: InputProps) {
  const { t } = useTranslation('attendees');
  const { t: tc } = useTranslation();
  const dateAriaLabels = useDateAriaLabels();
  const name = customFieldName(field.id);
  const required = field.settings.required;
  const common = { label: field.name, required, error, disabled, name, 'data-field': name };
  const select = {
    placeholder: t('customFieldInput.select'),
    nothingFoundMessage: tc('messages.noOptions'),
    comboboxProps: { withinPortal: true },
  };
  switch (field.dataType) {
    case 'BOOLEAN':
      return (
        <Select
          {...common}
          {...select}
          data={[
            { value: 'true', label: t('customFieldInput.yes') },
            { value: 'false', label: t('customFieldInput.no') },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : null}
          onChange={(v) => onChange(v === 'true' ? true : v === 'false' ? false : undefined)}
          clearable={!required}
        />
      );
    case 'ENUM': {
      const data = field.settings.enumValues;
      if (field.settings.isEnumMultiple) {
        const selected = Array.isArray(value)
          ? (value as string[])
          : typeof value === 'string' && value
            ? [value]
            : [];
        return (
          <MultiSelect
            {...common}
            {...select}
            placeholder={selected.length ? undefined : select.placeholder}
            data={data}
            value={selected}
            onChange={onChange}
            searchable={data.length > 7}
            clearable={!required}
          />
        );
      }
      return (
        <Select
          {...common}
          {...select}
          data={data}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
          searchable={data.length > 7}
          clearable={!required}
        />
      );
    }
    case 'DATE':
      return (
        <DatePickerInput
          {...common}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
          clearable={!required}
          weekendDays={[]}
          hideOutsideDates
          popoverProps={{ returnFocus: true }}
          ariaLabels={dateAriaLabels}
        />
      );
    case 'NUMBER':
    case 'CURRENCY': {
      const currency = field.dataType === 'CURRENCY';
      return (
        <NumberInput
          {...common}
          {...(currency
            ? {
                label: t('customFieldInput.currencyLabel', {
                  name: field.name,
                  code: field.currencyCode ?? 'USD',
                }),
              }
            : {})}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={onChange}
          decimalScale={currency ? CURRENCY_DECIMALS : undefined}
          fixedDecimalScale={false}
          thousandSeparator={false}
          hideControls
          inputMode="decimal"
        />
      );
    }
    case 'TIME':
      return (
        <TimePicker
          {...common}
          // The viewer's clock: a participant's own time (stored 'hh:mm AM/PM' either way).
          format={pickerHours(viewerClock())}
          value={timeTo24h(value)}
          onChange={(v) => onChange(timeFrom24h(v))}
          clearable={!required}
          hoursInputLabel={tc('dates.hours')}
          minutesInputLabel={tc('dates.minutes')}
          amPmInputLabel={t('customFieldInput.amPm')}
          clearButtonProps={{ 'aria-label': t('customFieldInput.clearTime', { name: field.name }) }}
        />
      );
    case 'PROFILE_LINK':
      return (
        <TextInput
          {...common}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          autoComplete="url"
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** A field shown for reading: its name and value, with the label tied to the value. */
export function ReadOnlyField({ field, value }: { field: CustomFieldInputField; value: unknown }) {
  const labelId = useId();
  return (
    <Stack gap={2} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {field.name}
      </Text>
      <CustomFieldValue field={field} value={value as Value | null | undefined} />
    </Stack>
  );
}

/**
 * The inputs of an event's custom fields, one per field in the given order: STRING text, BOOLEAN
 * Yes/No, DATE a date picker (YYYY-MM-DD), NUMBER, CURRENCY (in the field's code), TIME a 12-hour
 * picker (hh:mm AM/PM), PROFILE_LINK a URL, ENUM a single or multiple select. Each control is
 * named `customFields.<id>` (also `data-field`) so a form can focus the first invalid one.
 */
export function CustomFieldInputs({
  fields,
  values,
  onChange,
  errors = {},
  readOnly = false,
  onlyEditableByParticipant = false,
  disabled = false,
  cols = { base: 1, sm: 2 },
}: CustomFieldInputsProps) {
  if (fields.length === 0) return null;
  return (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="md">
      {fields.map((field) =>
        readOnly || (onlyEditableByParticipant && !isEditableByParticipant(field)) ? (
          <ReadOnlyField key={field.id} field={field} value={values[field.id]} />
        ) : (
          <FieldInput
            key={field.id}
            field={field}
            value={values[field.id]}
            onChange={(v) => onChange(field.id, v)}
            error={errors[field.id]}
            disabled={disabled}
          />
        ),
      )}
    </SimpleGrid>
  );
}
