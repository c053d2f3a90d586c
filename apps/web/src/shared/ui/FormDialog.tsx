import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './BusyButton';

export interface FormDialogProps {
  /** Already translated. */
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
  size?: string;
}

/**
 * Create/edit dialog: a titled modal around a form, Cancel and a submit button that waits while
 * saving. While saving, Escape, a click outside and Cancel do nothing (the answer is still due).
 */
export function FormDialog({
  title,
  submitLabel,
  onClose,
  onSubmit,
  saving,
  formRef,
  children,
  size = 'lg',
}: FormDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened
      onClose={() => !saving && onClose()}
      title={
        <Text fw={600} size="lg" component="span">
          {title}
        </Text>
      }
      size={size}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <BusyButton type="submit" busy={saving}>
              {submitLabel}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
