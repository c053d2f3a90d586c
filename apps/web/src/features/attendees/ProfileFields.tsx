import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PARTICIPANT_TEXT_LIMITS, type ProfileTextField } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import type { ProfileValues } from './participantForm';

export interface ProfileFieldsProps {
  values: ProfileValues;
  errors: Partial<Record<ProfileTextField, string>>;
  onChange: (field: ProfileTextField, value: string) => void;
  disabled?: boolean;
  /** Show the bio (the add dialog leaves it for the profile). */
  withBio?: boolean;
}

/** First and last name (required), job title, company, phone and bio of a participant in this event. */
export function ProfileFields({
  values,
  errors,
  onChange,
  disabled = false,
  withBio = true,
}: ProfileFieldsProps) {
  const { t } = useTranslation('attendees');
  const input = (field: ProfileTextField) => ({
    name: field,
    label: t(`fields.${field}`),
    value: values[field],
    error: errors[field],
    disabled,
    maxLength: PARTICIPANT_TEXT_LIMITS[field],
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput {...input('firstName')} required autoComplete="off" />
        <TextInput {...input('lastName')} required autoComplete="off" />
        <TextInput {...input('jobTitle')} autoComplete="off" />
        <TextInput {...input('company')} autoComplete="off" />
        <TextInput {...input('phone')} type="tel" autoComplete="off" />
      </SimpleGrid>
      {withBio && <Textarea {...input('bio')} autosize minRows={3} maxRows={10} />}
    </>
  );
}
