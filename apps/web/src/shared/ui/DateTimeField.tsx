import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useDateAriaLabels } from './dateAriaLabels';

export interface DateTimeFieldProps extends Omit<DateTimePickerProps, 'value' | 'onChange' | 'name'> {
  /** Form field name: on the hidden input that carries the value, and as `data-field` on the button. */
  name: string;
  /** Wall-clock time 'YYYY-MM-DD HH:mm:ss', or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The event's clock: '12h' shows and picks 2:00 PM, '24h' (the default) 14:00 (shared/time pickerHours). */
  hours?: '12h' | '24h';
}

/**
 * Mantine's DateTimePicker with every control named: a labelled button that opens a calendar
 * (arrow keys move between days, Enter picks one) and hour and minute fields (type the numbers;
 * Enter or "Done" closes). Values are wall-clock strings, so no time zone of the browser applies.
 */
export function DateTimeField({
  name,
  value,
  onChange,
  timePickerProps,
  submitButtonProps,
  hours = '24h',
  ...props
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const dateAriaLabels = useDateAriaLabels();
  return (
    <DateTimePicker
      valueFormat={hours === '24h' ? 'D MMM YYYY, HH:mm' : 'D MMM YYYY, h:mm A'}
      placeholder={t('dates.pickDateTime')}
      clearable={false}
      // Readable days: no red weekends, no greyed days of the next and previous months (WCAG contrast).
      weekendDays={[]}
      hideOutsideDates
      {...props}
      // Closing the calendar (Enter, Escape, "Done") puts the focus back on the field.
      popoverProps={{ returnFocus: true, ...props.popoverProps }}
      name={name}
      data-field={name}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      ariaLabels={dateAriaLabels}
      timePickerProps={{
        format: hours,
        hoursInputLabel: t('dates.hours'),
        amPmInputLabel: t('dates.amPm'),
        minutesInputLabel: t('dates.minutes'),
        ...timePickerProps,
      }}
      submitButtonProps={{ 'aria-label': t('dates.confirm'), ...submitButtonProps }}
    />
  );
}
