import { Alert, ColorInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ATTENDEE_MESSAGES,
  colorSchema,
  LABEL_NAME_MAX_LENGTH,
  LABEL_TYPES,
  requiredString,
  RULES_MAX,
  type LabelType,
} from '@plenary/domain';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { schemaMessage } from '../../shared/forms/useForm';
import { useResourceMutations } from '../../shared/list';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toast } from '../../shared/ui/toast';
import {
  labelsPath,
  useAvailableFields,
  useRuleMatchCount,
  type CreateLabelBody,
  type LabelRow,
} from './api';
import { RuleEditor } from '../../shared/audience/RuleEditor';
import {
  draftsFromRules,
  emptyRule,
  ruleErrorsFromApi,
  validateRules,
  type RuleDraft,
} from '../../shared/audience/ruleForm';

const LABEL_SWATCHES = [
  '#1d4ed8',
  '#0f766e',
  '#15803d',
  '#b45309',
  '#b91c1c',
  '#7e22ce',
  '#be185d',
  '#374151',
];

interface LabelFormProps {
  eventId: string;
  record: LabelRow | null;
  onClose: () => void;
}

/** Create/edit dialog of a label: name, color, MANUAL or RULE with its rules and a live member count. */
export function LabelForm({ eventId, record, onClose }: LabelFormProps) {
  const { t } = useTranslation('labels');
  const { create, update } = useResourceMutations<LabelRow, CreateLabelBody>({ path: labelsPath(eventId) });
  const available = useAvailableFields(eventId);
  const fields = useMemo(() => available.data ?? [], [available.data]);
  const [name, setName] = useState(record?.name ?? '');
  const [color, setColor] = useState(record?.color ?? LABEL_SWATCHES[0]!);
  const [type, setType] = useState<LabelType>(record?.type ?? 'MANUAL');
  const [drafts, setDrafts] = useState<RuleDraft[] | null>(record ? null : [emptyRule()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const saving = create.isPending || update.isPending;

  // A stored label's rules become rows once the fields are known (custom fields by key).
  const initialRules = useMemo(
    () =>
      available.data
        ? record?.rules.length
          ? draftsFromRules(record.rules, available.data)
          : [emptyRule()]
        : [],
    [available.data, record],
  );
  const rules = drafts ?? initialRules;
  const setRules = (next: RuleDraft[]) => {
    setDrafts(next);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !/^(\d+\.|rules$)/.test(k))));
  };

  // The live count: only for complete rules, a moment after the admin stops typing.
  const [settled] = useDebouncedValue(rules, 400);
  const preview = useMemo(() => {
    if (type !== 'RULE' || settled.length === 0 || fields.length === 0) return null;
    const checked = validateRules(settled, fields);
    return Object.keys(checked.errors).length === 0 ? checked.rules : null;
  }, [type, settled, fields]);
  const count = useRuleMatchCount(eventId, preview);

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = [
      'name',
      'color',
      'type',
      ...rules.flatMap((_, i) => [`${i}.field`, `${i}.operator`, `${i}.value`]),
      'rules',
    ].find((k) => next[k]);
    if (!first) return;
    requestAnimationFrame(() => {
      const form = formRef.current;
      const index = /^(\d+)\.value$/.exec(first)?.[1];
      const target =
        index !== undefined
          ? form?.querySelector<HTMLElement>(`[data-field="customFields.rule-${index}"]`)
          : form?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      target?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const nameError = schemaMessage(requiredString(LABEL_NAME_MAX_LENGTH), name);
    if (nameError) found.name = nameError;
    const colorError = schemaMessage(colorSchema, color);
    if (colorError) found.color = colorError;
    const checked = type === 'RULE' ? validateRules(rules, fields) : { rules: [], errors: {} };
    Object.assign(found, checked.errors);
    if (type === 'RULE' && rules.length === 0) found.rules = ATTENDEE_MESSAGES.rulesRequired;
    if (Object.keys(found).length > 0) return showErrors(found);
    const body: CreateLabelBody = {
      name: name.trim(),
      color,
      type,
      ...(type === 'RULE' ? { rules: checked.rules } : {}),
    };
    try {
      if (record) await update.mutateAsync({ id: record.id, body });
      else await create.mutateAsync(body);
      toast.success(t(record ? 'form.saved' : 'form.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fromApi = isApiError(error) && error.fields ? error.fields : {};
      const shown = {
        ...ruleErrorsFromApi(fromApi),
        ...Object.fromEntries(
          Object.entries(fromApi).filter(([k]) => ['name', 'color', 'type', 'rules'].includes(k)),
        ),
      };
      if (Object.keys(shown).length > 0) showErrors(shown);
      else toast.error(isApiError(error) && error.message ? error.message : t('form.saveFailed'));
    }
  };

  return (
    <FormDialog
      title={t(record ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t(record ? 'form.save' : 'form.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      formRef={formRef}
      size="xl"
    >
      <TextInput
        label={t('form.name')}
        required
        maxLength={LABEL_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
        error={errors.name}
        data-field="name"
        data-autofocus
      />
      <ColorInput
        label={t('form.color')}
        description={t('form.colorHint')}
        format="hex"
        swatches={LABEL_SWATCHES}
        value={color}
        onChange={(v) => {
          setColor(v);
          setErrors(({ color: _, ...rest }) => rest);
        }}
        error={errors.color}
        data-field="color"
        eyeDropperButtonProps={{ 'aria-label': t('form.pickColor') }}
        w={{ base: '100%', sm: 260 }}
      />
      <Radio.Group
        label={t('form.type')}
        value={type}
        onChange={(v) => setType(v as LabelType)}
        error={errors.type}
      >
        <Stack gap="xs" mt={6}>
          {LABEL_TYPES.map((value) => (
            <Radio
              key={value}
              value={value}
              label={t(`types.${value}`)}
              description={t(`typeHints.${value}`)}
              data-field={value === type ? 'type' : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
      {type === 'MANUAL' && record?.type === 'RULE' && (
        <Alert variant="light" color="blue">
          {t('form.manualKeepsMembers')}
        </Alert>
      )}
      {type === 'RULE' && (
        <>
          <RuleEditor
            fields={fields}
            loadingFields={available.isPending}
            rules={rules}
            onChange={setRules}
            errors={errors}
            listError={errors.rules}
            maxRules={RULES_MAX}
          />
          <Text
            size="sm"
            role="status"
            aria-live="polite"
            c={preview ? undefined : 'dimmed'}
            fw={preview ? 500 : undefined}
          >
            {!preview
              ? t('form.matchUnknown')
              : count.data === undefined
                ? t('form.matchCounting')
                : t('form.matchCount', { count: count.data })}
          </Text>
        </>
      )}
    </FormDialog>
  );
}
