import { Anchor, Text } from '@mantine/core';
import type { CustomFieldValue as Value } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { formatCustomFieldValue, hasValue } from './format';
import type { CustomFieldInputField } from './types';

export interface CustomFieldValueProps {
  field: Pick<CustomFieldInputField, 'dataType' | 'currencyCode'>;
  value: Value | null | undefined;
}

/** A custom field's value for reading: formatted by type, a link for PROFILE_LINK, "Not set" when empty. */
export function CustomFieldValue({ field, value }: CustomFieldValueProps) {
  const { t, i18n } = useTranslation('attendees');
  if (!hasValue(value)) {
    return (
      <Text span c="dimmed" size="sm">
        {t('customFieldInput.notSet')}
      </Text>
    );
  }
  if (field.dataType === 'PROFILE_LINK' && typeof value === 'string' && /^https?:\/\//i.test(value)) {
    return (
      <Anchor
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Anchor>
    );
  }
  return (
    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
      {formatCustomFieldValue(field, value, i18n.language)}
    </Text>
  );
}
