import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  isChoice,
  LINEAR_SCALE_MAX,
  LINEAR_SCALE_MIN,
  OPTION_LABEL_MAX_LENGTH,
  OPTIONS_MAX,
  QUESTION_TEXT_MAX_LENGTH,
  QUESTIONS_MAX,
  QUIZ_POINTS_MAX,
  QUIZ_TIME_LIMIT_MAX,
  QUIZ_TIME_LIMIT_MIN,
  type EngagementKind,
  type QuestionType,
} from '@plenary/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  move,
  newOption,
  newQuestion,
  optionsError,
  questionTypesOf,
  withType,
  type OptionValue,
  type QuestionValue,
  type ToolErrors,
} from './toolForm';

function Icon({ d }: { d: string }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
const UP = 'M12 19V5M5 12l7-7 7 7';
const DOWN = 'M12 5v14M19 12l-7 7-7-7';
const REMOVE = 'M18 6 6 18M6 6l12 12';

function IconButton({
  label,
  d,
  onClick,
  disabled,
  color,
}: {
  label: string;
  d: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon d={d} />
    </ActionIcon>
  );
}

interface BuilderProps {
  kind: EngagementKind;
  /** A word-cloud poll: new questions are short text. */
  wordCloud?: boolean;
  questions: QuestionValue[];
  errors: ToolErrors;
  onChange: (questions: QuestionValue[], changedField?: string) => void;
}

/**
 * The questions of a poll, survey or quiz: add, remove and reorder (buttons, so the keyboard does
 * it), the type, text, required flag, options (reordered the same way), a linear scale's range and
 * end labels, and for a quiz the correct answers, points and time limit. Every control is named
 * with its question's number.
 */
export function QuestionsBuilder({ kind, wordCloud = false, questions, errors, onChange }: BuilderProps) {
  const { t } = useTranslation('engagement');
  const types = questionTypesOf(kind);
  const setAt = (i: number, q: QuestionValue, field?: string) =>
    onChange(
      questions.map((old, j) => (j === i ? q : old)),
      field ? `questions.${i}.${field}` : undefined,
    );
  return (
    <Stack gap="sm" data-field="questions">
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('form.noQuestions')}
        </Text>
      )}
      {errors.questions && (
        <Text size="sm" c="red.8" role="alert">
          {errors.questions}
        </Text>
      )}
      {questions.map((q, i) => (
        <QuestionCard
          key={q.key}
          kind={kind}
          index={i}
          count={questions.length}
          question={q}
          types={types}
          errors={errors}
          onChange={(next, field) => setAt(i, next, field)}
          onMove={(delta) => onChange(move(questions, i, delta))}
          onRemove={() => onChange(questions.filter((_, j) => j !== i))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            onChange([...questions, newQuestion(wordCloud ? 'TEXT_FIELD' : (types[0] ?? 'RADIOBOX'))])
          }
          disabled={questions.length >= QUESTIONS_MAX}
        >
          {t('form.addQuestion')}
        </Button>
      </Group>
    </Stack>
  );
}

interface CardProps {
  kind: EngagementKind;
  index: number;
  count: number;
  question: QuestionValue;
  types: readonly QuestionType[];
  errors: ToolErrors;
  onChange: (question: QuestionValue, field?: string) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

function QuestionCard({
  kind,
  index,
  count,
  question: q,
  types,
  errors,
  onChange,
  onMove,
  onRemove,
}: CardProps) {
  const { t } = useTranslation('engagement');
  const n = index + 1;
  const headingId = useId();
  const path = (field: string) => `questions.${index}.${field}`;
  const err = (field: string) => errors[path(field)];
  const quiz = kind === 'QUIZ';
  const setOptions = (options: OptionValue[], field = 'options') => onChange({ ...q, options }, field);

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" id={headingId}>
            {t('form.question', { n })}
          </Text>
          <Group gap={2} wrap="nowrap">
            <IconButton
              label={t('form.moveUp', { n })}
              d={UP}
              onClick={() => onMove(-1)}
              disabled={index === 0}
            />
            <IconButton
              label={t('form.moveDown', { n })}
              d={DOWN}
              onClick={() => onMove(1)}
              disabled={index === count - 1}
            />
            <IconButton label={t('form.remove', { n })} d={REMOVE} color="red.8" onClick={onRemove} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('form.questionType', { n })}
            data={types.map((v) => ({ value: v, label: t(`questionTypes.${v}`) }))}
            value={q.type}
            onChange={(v) => v && onChange(withType(q, v as QuestionType), 'type')}
            allowDeselect={false}
            error={err('type')}
            data-field={path('type')}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label={t('form.required')}
            aria-label={t('form.requiredN', { n })}
            checked={q.required}
            onChange={(e) => onChange({ ...q, required: e.currentTarget.checked }, 'required')}
            mt={{ base: 0, sm: 30 }}
            data-field={path('required')}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.questionText', { n })}
          required
          autosize
          minRows={1}
          maxRows={4}
          maxLength={QUESTION_TEXT_MAX_LENGTH}
          value={q.text}
          onChange={(e) => onChange({ ...q, text: e.currentTarget.value }, 'text')}
          error={err('text')}
          data-field={path('text')}
        />

        {isChoice(q.type) && (
          <Options
            n={n}
            index={index}
            quiz={quiz}
            single={q.type === 'RADIOBOX'}
            options={q.options}
            errors={errors}
            error={optionsError(errors, index)}
            onChange={setOptions}
          />
        )}

        {q.type === 'LINEAR_SCALE' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('form.scaleMax', { n })}
              data={Array.from({ length: LINEAR_SCALE_MAX - LINEAR_SCALE_MIN + 1 }, (_, k) =>
                String(k + LINEAR_SCALE_MIN),
              )}
              value={q.scaleMax === null ? null : String(q.scaleMax)}
              onChange={(v) => onChange({ ...q, scaleMax: v === null ? null : Number(v) }, 'scaleMax')}
              allowDeselect={false}
              error={err('scaleMax')}
              data-field={path('scaleMax')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('form.scaleMinLabel')}
              maxLength={OPTION_LABEL_MAX_LENGTH}
              value={q.scaleMinLabel}
              onChange={(e) => onChange({ ...q, scaleMinLabel: e.currentTarget.value }, 'scaleMinLabel')}
              error={err('scaleMinLabel')}
              data-field={path('scaleMinLabel')}
            />
            <TextInput
              label={t('form.scaleMaxLabel')}
              maxLength={OPTION_LABEL_MAX_LENGTH}
              value={q.scaleMaxLabel}
              onChange={(e) => onChange({ ...q, scaleMaxLabel: e.currentTarget.value }, 'scaleMaxLabel')}
              error={err('scaleMaxLabel')}
              data-field={path('scaleMaxLabel')}
            />
          </SimpleGrid>
        )}

        {quiz && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t('form.points')}
              min={0}
              max={QUIZ_POINTS_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={q.points}
              onChange={(v) => onChange({ ...q, points: v === '' ? '' : Number(v) }, 'points')}
              error={err('points')}
              data-field={path('points')}
            />
            <NumberInput
              label={t('form.timeLimit')}
              min={QUIZ_TIME_LIMIT_MIN}
              max={QUIZ_TIME_LIMIT_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={q.timeLimitSec}
              onChange={(v) => onChange({ ...q, timeLimitSec: v === '' ? '' : Number(v) }, 'timeLimitSec')}
              error={err('timeLimitSec')}
              data-field={path('timeLimitSec')}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function Options({
  n,
  index,
  quiz,
  single,
  options,
  errors,
  error,
  onChange,
}: {
  n: number;
  index: number;
  quiz: boolean;
  single: boolean;
  options: OptionValue[];
  errors: ToolErrors;
  error: string | undefined;
  onChange: (options: OptionValue[], field?: string) => void;
}) {
  const { t } = useTranslation('engagement');
  const row = (o: OptionValue, j: number): ReactNode => {
    const m = j + 1;
    const field = `questions.${index}.options.${j}.label`;
    return (
      <Group key={o.key} gap="xs" wrap="nowrap" align="flex-start">
        {quiz && (
          <Checkbox
            mt={8}
            aria-label={t('form.correct', { n, m })}
            checked={o.correct}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              onChange(
                options.map((x, k) =>
                  k === j ? { ...x, correct: on } : single && on ? { ...x, correct: false } : x,
                ),
                'correctOptionIndexes',
              );
            }}
          />
        )}
        <TextInput
          aria-label={t('form.option', { n, m })}
          placeholder={t('form.option', { n, m })}
          maxLength={OPTION_LABEL_MAX_LENGTH}
          value={o.label}
          onChange={(e) => {
            const label = e.currentTarget.value;
            onChange(
              options.map((x, k) => (k === j ? { ...x, label } : x)),
              `options.${j}.label`,
            );
          }}
          error={errors[field]}
          data-field={field}
          style={{ flex: 1 }}
        />
        <Group gap={2} wrap="nowrap" mt={4}>
          <IconButton
            label={t('form.optionUp', { n, m })}
            d={UP}
            onClick={() => onChange(move(options, j, -1))}
            disabled={j === 0}
          />
          <IconButton
            label={t('form.optionDown', { n, m })}
            d={DOWN}
            onClick={() => onChange(move(options, j, 1))}
            disabled={j === options.length - 1}
          />
          <IconButton
            label={t('form.removeOption', { n, m })}
            d={REMOVE}
            color="red.8"
            onClick={() => onChange(options.filter((_, k) => k !== j))}
          />
        </Group>
      </Group>
    );
  };
  return (
    <Stack gap={6} data-field={`questions.${index}.options`}>
      <Text size="sm" fw={500}>
        {t('form.options')}
      </Text>
      {quiz && (
        <Text size="xs" c="dimmed">
          {t('form.correctHint')}
        </Text>
      )}
      {options.map(row)}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => onChange([...options, newOption()])}
          disabled={options.length >= OPTIONS_MAX}
        >
          {t('form.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}
