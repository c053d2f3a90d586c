import { DatePickerInput, TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { timeFrom24h, timeTo24h } from '../../shared/custom-fields';
import { useDateAriaLabels } from '../../shared/ui/dateAriaLabels';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** A wall-clock date 'YYYY-MM-DD' (no time zone of the browser applies). */
export function DateField({ name, label, value, onChange, error, disabled }: FieldProps) {
  const ariaLabels = useDateAriaLabels();
  return (
    <DatePickerInput
      label={label}
      required
      valueFormat="ddd D MMM YYYY"
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      disabled={disabled}
      data-field={name}
      weekendDays={[]}
      hideOutsideDates
      popoverProps={{ returnFocus: true }}
      ariaLabels={ariaLabels}
    />
  );
}

/**
 * A wall-clock time as the API takes it, 'hh:mm AM/PM' (Mantine's picker holds 'HH:mm'), picked on
 * the event's clock: `hours` is '24h' for an event whose locale writes 14:00 (shared/time).
 */
export function TimeField({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
  hours,
}: FieldProps & { hours: '12h' | '24h' }) {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('agenda');
  return (
    <TimePicker
      label={label}
      required
      format={hours}
      value={timeTo24h(value)}
      onChange={(v) => onChange(timeFrom24h(v))}
      error={error}
      disabled={disabled}
      data-field={name}
      hoursInputLabel={`${label}: ${t('dates.hours')}`}
      minutesInputLabel={`${label}: ${t('dates.minutes')}`}
      amPmInputLabel={`${label}: ${ta('form.amPm')}`}
    />
  );
}
