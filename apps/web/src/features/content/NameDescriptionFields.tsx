import { Textarea, TextInput } from '@mantine/core';
import { CONTENT_DESCRIPTION_MAX_LENGTH, CONTENT_NAME_MAX_LENGTH } from '@plenary/domain';
import { useTranslation } from 'react-i18next';

/** The name and description inputs every content form starts with (`data-field` for the error focus). */
export function NameDescriptionFields({
  name,
  description,
  errors,
  onName,
  onDescription,
  autoFocus,
  descriptionMaxRows = 6,
}: {
  name: string;
  description: string;
  errors: { name?: string; description?: string };
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  autoFocus: boolean;
  descriptionMaxRows?: number;
}) {
  const { t } = useTranslation('content');
  return (
    <>
      <TextInput
        label={t('common.name')}
        required
        maxLength={CONTENT_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => onName(e.currentTarget.value)}
        error={errors.name}
        data-field="name"
        data-autofocus={autoFocus || undefined}
      />
      <Textarea
        label={t('common.description')}
        autosize
        minRows={2}
        maxRows={descriptionMaxRows}
        maxLength={CONTENT_DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(e) => onDescription(e.currentTarget.value)}
        error={errors.description}
        data-field="description"
      />
    </>
  );
}
