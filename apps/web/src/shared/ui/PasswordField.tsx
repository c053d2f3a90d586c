import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** PasswordInput whose show/hide toggle is labelled from the catalog and reachable by keyboard. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('a11y.togglePassword'), tabIndex: 0 }}
    />
  );
}
