import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { ENUM_VALUE_MAX_LENGTH, ENUM_VALUES_MAX } from '@plenary/domain';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowDown, IconArrowUp, IconX } from '../../shared/list/icons';

interface EnumValuesEditorProps {
  values: string[];
  onChange: (values: string[]) => void;
  /** 'enumValues' (the list) and 'enumValues.<i>' (one value) → message. */
  errors: Record<string, string | undefined>;
  disabled?: boolean;
}

/**
 * The values of an ENUM field: one labelled input per value, each movable and removable with
 * buttons (keyboard-doable). Enter in a value adds the next one; pasting several lines adds one
 * value per line.
 */
export function EnumValuesEditor({ values, onChange, errors, disabled }: EnumValuesEditorProps) {
  const { t } = useTranslation('customFields');
  const list = useRef<HTMLDivElement>(null);
  const focusValue = (index: number) =>
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLInputElement>(`[data-field="enumValues.${index}"]`)?.focus(),
    );

  const set = (index: number, value: string) => onChange(values.map((v, i) => (i === index ? value : v)));
  const insertAfter = (index: number, added: string[]) => {
    const room = ENUM_VALUES_MAX - values.length;
    if (room <= 0) return;
    onChange([...values.slice(0, index + 1), ...added.slice(0, room), ...values.slice(index + 1)]);
    focusValue(index + Math.min(added.length, room));
  };
  const remove = (index: number) => {
    onChange(values.filter((_, i) => i !== index));
    if (values.length > 1) focusValue(Math.max(0, index - 1));
  };
  const move = (index: number, delta: -1 | 1) => {
    const j = index + delta;
    if (j < 0 || j >= values.length) return;
    const next = [...values];
    [next[index], next[j]] = [next[j]!, next[index]!];
    onChange(next);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // not the dialog's submit
    insertAfter(index, ['']);
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = event.clipboardData
      .getData('text')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length < 2) return;
    event.preventDefault();
    const current = values[index]?.trim() ? values[index]! : '';
    const [first, ...rest] = current ? [current, ...lines] : lines;
    onChange(values.map((v, i) => (i === index ? first! : v)));
    insertAfter(index, rest);
  };

  const listError = errors.enumValues;
  return (
    <Fieldset
      legend={
        <Text size="sm" fw={600} component="span">
          {t('form.enumValues')}
        </Text>
      }
      variant="unstyled"
      disabled={disabled}
      p={0}
    >
      <Stack gap="xs" ref={list}>
        <Text size="xs" c="dimmed" id="enum-values-hint" mt={-4}>
          {t('form.enumValuesHint')}
        </Text>
        {values.map((value, index) => {
          const name = value.trim() || t('form.newValue');
          return (
            // Values may repeat while being typed: the index is the identity here.
            <Group key={index} gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                label={t('form.enumValue', { number: index + 1 })}
                value={value}
                maxLength={ENUM_VALUE_MAX_LENGTH}
                error={errors[`enumValues.${index}`]}
                onChange={(e) => set(index, e.currentTarget.value)}
                onKeyDown={onKeyDown(index)}
                onPaste={onPaste(index)}
                data-field={`enumValues.${index}`}
                aria-describedby="enum-values-hint"
              />
              <Group gap={2} wrap="nowrap" mt={25}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('form.moveValueUp', { value: name })}
                  title={t('form.moveValueUp', { value: name })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('form.moveValueDown', { value: name })}
                  title={t('form.moveValueDown', { value: name })}
                  disabled={index === values.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={t('form.removeValue', { value: name })}
                  title={t('form.removeValue', { value: name })}
                  onClick={() => remove(index)}
                >
                  <IconX />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
        {listError && (
          <Text size="sm" c="red.8" role="alert" id="enum-values-error">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="sm"
            onClick={() => insertAfter(values.length - 1, [''])}
            disabled={values.length >= ENUM_VALUES_MAX}
            data-field="enumValues"
            aria-describedby={listError ? 'enum-values-error' : undefined}
          >
            {t('form.addValue')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
