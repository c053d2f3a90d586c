import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPencil } from '../../shared/list/icons';
import { BusyButton } from '../../shared/ui/BusyButton';

export interface SectionProps {
  title: string;
  /** View-mode content. */
  children: ReactNode;
  /** Edit-mode content (inputs); omit for a section that is never edited. */
  form?: ReactNode;
  editing?: boolean;
  onEdit?: () => void;
  onCancel?: () => void;
  onSave?: () => void;
  saving?: boolean;
  /** Extra buttons in the header (view mode). */
  actions?: ReactNode;
  /** How many fields show an error: when it grows (a save refused), the first invalid field gets the focus. */
  invalid?: number;
}

/**
 * One card of the participant profile, edited in place: "Edit" turns the view into a form with
 * Save and Cancel; back in view mode the Edit button gets the focus.
 */
export function Section({
  title,
  children,
  form,
  editing = false,
  onEdit,
  onCancel,
  onSave,
  saving = false,
  actions,
  invalid = 0,
}: SectionProps) {
  const { t } = useTranslation('attendees');
  const titleId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  // Back in view mode (saved or cancelled), the focus returns to "Edit" instead of the page's top.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const cancel = () => onCancel?.();
  const formRef = useRef<HTMLFormElement>(null);
  const shownErrors = useRef(0);
  useEffect(() => {
    if (invalid > shownErrors.current)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    shownErrors.current = invalid;
  }, [invalid]);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSave?.();
  };
  return (
    <Card component="section" aria-labelledby={titleId} withBorder padding="lg">
      <Group justify="space-between" mb="md" gap="sm" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {!editing && (
          <Group gap="xs" wrap="nowrap">
            {actions}
            {form && onEdit && (
              <Button
                ref={editButton}
                variant="default"
                size="xs"
                leftSection={<IconPencil />}
                onClick={onEdit}
                aria-label={t('profile.editSection', { section: title })}
              >
                {t('profile.edit')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing && form ? (
        <form ref={formRef} onSubmit={submit} noValidate aria-busy={saving} aria-labelledby={titleId}>
          <Stack gap="md">
            {form}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancel} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <BusyButton type="submit" busy={saving}>
                {t('common.save')}
              </BusyButton>
            </Group>
          </Stack>
        </form>
      ) : (
        children
      )}
    </Card>
  );
}
