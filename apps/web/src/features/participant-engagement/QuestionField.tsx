import {
  Checkbox,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { TEXT_FIELD_MAX_LENGTH, TEXTBOX_MAX_LENGTH, WORD_MAX_LENGTH } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import type { LiveQuestion } from './api';
import { EMPTY_DRAFT, type Draft } from './logic';
import classes from './engagement.module.css';

type Props = {
  question: LiveQuestion;
  draft: Draft | undefined;
  onChange: (draft: Draft) => void;
  error?: string;
  /** Word-cloud polls: one short text. */
  word?: boolean;
  disabled?: boolean;
};

function Label({ question }: { question: LiveQuestion }) {
  const { t } = useTranslation('participantEngagement');
  return (
    <>
      {question.text}
      {question.required && (
        <>
          <Text component="span" c="red.8" ml={4} aria-hidden>
            *
          </Text>
          <VisuallyHidden>{` (${t('answer.required')})`}</VisuallyHidden>
        </>
      )}
    </>
  );
}

/** One question of a survey or poll, of any of the five types. */
export function QuestionField({ question, draft = EMPTY_DRAFT, onChange, error, word, disabled }: Props) {
  const { t } = useTranslation('participantEngagement');
  const label = <Label question={question} />;
  switch (question.type) {
    case 'RADIOBOX':
      return (
        <Radio.Group
          label={label}
          value={draft.optionIds[0] ?? null}
          onChange={(v) => onChange({ ...draft, optionIds: [v] })}
          error={error}
          required={question.required}
          withAsterisk={false}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((o) => (
              <Radio key={o.id} value={o.id} label={o.label} disabled={disabled} size="md" />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group
          label={label}
          value={draft.optionIds}
          onChange={(v) => onChange({ ...draft, optionIds: v })}
          error={error}
          withAsterisk={false}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.label} disabled={disabled} size="md" />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'LINEAR_SCALE': {
      const max = question.scaleMax ?? 5;
      const values = Array.from({ length: max }, (_, i) => i + 1);
      return (
        <Radio.Group
          label={label}
          value={draft.value === null ? null : String(draft.value)}
          onChange={(v) => onChange({ ...draft, value: Number(v) })}
          error={error}
          withAsterisk={false}
        >
          <Group gap={6} mt="xs" wrap="wrap" className={classes.scale}>
            {values.map((v) => (
              <Radio.Card
                key={v}
                value={String(v)}
                className={classes.scaleStep}
                disabled={disabled}
                aria-label={t('answer.scaleValue', { value: v, max })}
              >
                <Text ta="center" fw={600}>
                  {v}
                </Text>
              </Radio.Card>
            ))}
          </Group>
          {(question.scaleMinLabel || question.scaleMaxLabel) && (
            <Group justify="space-between" mt={4}>
              <Text size="sm">{question.scaleMinLabel ? `1 = ${question.scaleMinLabel}` : ''}</Text>
              <Text size="sm">{question.scaleMaxLabel ? `${max} = ${question.scaleMaxLabel}` : ''}</Text>
            </Group>
          )}
        </Radio.Group>
      );
    }
    case 'TEXTBOX':
      return (
        <Textarea
          label={label}
          value={draft.text}
          onChange={(e) => onChange({ ...draft, text: e.currentTarget.value })}
          error={error}
          autosize
          minRows={3}
          maxLength={TEXTBOX_MAX_LENGTH}
          placeholder={t('answer.textPlaceholder')}
          disabled={disabled}
          withAsterisk={false}
          required={question.required}
        />
      );
    default:
      return (
        <TextInput
          label={word ? question.text || t('answer.wordLabel') : label}
          description={word ? t('answer.wordLabel') : undefined}
          value={draft.text}
          onChange={(e) => onChange({ ...draft, text: e.currentTarget.value })}
          error={error}
          maxLength={word ? WORD_MAX_LENGTH : TEXT_FIELD_MAX_LENGTH}
          placeholder={word ? t('answer.wordPlaceholder') : t('answer.textPlaceholder')}
          disabled={disabled}
          withAsterisk={false}
          required={question.required}
        />
      );
  }
}

/** A big tap target for a one-tap vote or a quiz option. */
export function BigOption({
  label,
  chosen,
  disabled,
  onClick,
}: {
  label: string;
  chosen: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      className={classes.bigOption}
      data-chosen={chosen || undefined}
      aria-pressed={chosen}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </UnstyledButton>
  );
}
