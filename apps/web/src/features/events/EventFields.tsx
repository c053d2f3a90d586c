import {
  ColorInput,
  ColorPicker,
  MantineThemeProvider,
  Select,
  SimpleGrid,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DROPDOWN_MAX_MENU_HEIGHT,
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  TENANCY_NAME_MAX_LENGTH,
} from '@plenary/domain';
import { useCallback, useMemo, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../../shared/forms/useForm';
import { timeZones } from '../../shared/time/zones';
import { DateTimeField } from '../../shared/ui/DateTimeField';
import type { EventFieldValues } from './eventFields.schema';
import { useTimezoneFromAddress } from './useTimezoneFromAddress';
import { eventClock, pickerHours } from '../../shared/time/format';

/** The part of `useForm` the fields use; the form's values include the event fields. */
export interface EventFieldsForm<T extends EventFieldValues> {
  values: T;
  errors: FormErrors<T>;
  setValue: (name: keyof T & string, value: string) => void;
  inputProps: (name: keyof T & string) => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  };
}

let zoneOptions: { value: string; label: string }[] | undefined;
/** 'America/New_York' shows as 'America/New York' (typing "New York" finds it). */
function zoneData(current: string) {
  zoneOptions ??= timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  // A zone the browser does not list (an alias kept by the API) stays selectable.
  return current && !zoneOptions.some((o) => o.value === current)
    ? [{ value: current, label: current }, ...zoneOptions]
    : zoneOptions;
}

/**
 * The event's own fields, for both event forms: the super admin's create/edit modal (which adds
 * the event hub as `children`, after the description) and the event admin's /event-details page.
 * Start and end are wall-clock times in the chosen time zone (see eventFields.schema.ts).
 */
export function EventFields<T extends EventFieldValues>({
  form,
  autoFocus = false,
  children,
  afterTimezone,
}: {
  form: EventFieldsForm<T>;
  /** Focus the name when shown (in a modal). */
  autoFocus?: boolean;
  children?: ReactNode;
  /** Shown right under the time zone (what a new zone does to the sessions). */
  afterTimezone?: ReactNode;
}) {
  const { t } = useTranslation('tenancy');
  const { values, errors, setValue } = form;
  const zones = useMemo(() => zoneData(values.timezone), [values.timezone]);
  const colorLabel = { eyeDropperButtonProps: { 'aria-label': t('events.pickColor') } };
  // ColorInput does not pass slider labels to its ColorPicker; the picker's default props do reach it.
  const pickerLabels = useMemo(
    () => ({
      components: {
        ColorPicker: ColorPicker.extend({
          defaultProps: {
            saturationLabel: t('events.colorSaturation'),
            hueLabel: t('events.colorHue'),
            alphaLabel: t('events.colorAlpha'),
          },
        }),
      },
    }),
    [t],
  );
  const setTimezone = useCallback((zone: string) => setValue('timezone', zone), [setValue]);
  const fromAddress = useTimezoneFromAddress(values.address, values.timezone, setTimezone);

  return (
    <>
      <TextInput
        label={t('common.name')}
        required
        maxLength={TENANCY_NAME_MAX_LENGTH}
        data-autofocus={autoFocus || undefined}
        {...form.inputProps('name')}
      />
      <Textarea
        label={t('events.description')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        {...form.inputProps('description')}
      />
      {children}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateTimeField
          label={t('events.startAt')}
          required
          name="start"
          hours={pickerHours(eventClock(values.timezone))}
          value={values.start}
          onChange={(v) => setValue('start', v)}
          error={errors.start}
        />
        <DateTimeField
          label={t('events.endAt')}
          required
          name="end"
          hours={pickerHours(eventClock(values.timezone))}
          value={values.end}
          onChange={(v) => setValue('end', v)}
          error={errors.end}
          // An empty end opens on the start's month.
          {...(!values.end && values.start ? { defaultDate: values.start } : {})}
        />
      </SimpleGrid>
      <Select
        label={t('events.timezone')}
        description={t('events.timezoneHint')}
        required
        name="timezone"
        data-field="timezone"
        data={zones}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        maxDropdownHeight={DROPDOWN_MAX_MENU_HEIGHT}
        value={values.timezone || null}
        onChange={(v) => setValue('timezone', v ?? '')}
        error={errors.timezone}
        allowDeselect={false}
      />
      {afterTimezone}
      <TextInput
        label={t('events.address')}
        autoComplete="street-address"
        maxLength={EVENT_ADDRESS_MAX_LENGTH}
        {...form.inputProps('address')}
        onBlur={() => void fromAddress.onAddressBlur()}
        // Says (and announces) that the time zone above changed by itself, or that none was found.
        description={
          fromAddress.hint?.kind === 'set'
            ? t('events.timezoneFromAddress', { timezone: fromAddress.hint.timezone })
            : fromAddress.hint?.message
        }
        descriptionProps={{ role: 'status' }}
      />
      <MantineThemeProvider theme={pickerLabels}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ColorInput
            label={t('events.primaryColor')}
            format="hex"
            name="primaryColor"
            {...colorLabel}
            value={values.primaryColor}
            onChange={(v) => setValue('primaryColor', v)}
            error={errors.primaryColor}
          />
          <ColorInput
            label={t('events.secondaryColor')}
            format="hex"
            name="secondaryColor"
            {...colorLabel}
            value={values.secondaryColor}
            onChange={(v) => setValue('secondaryColor', v)}
            error={errors.secondaryColor}
          />
        </SimpleGrid>
      </MantineThemeProvider>
    </>
  );
}
