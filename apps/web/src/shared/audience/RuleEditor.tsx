import {
  ActionIcon,
  Badge,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MESSAGES, type AvailableField } from '@plenary/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs, type CustomFieldInputField } from '../custom-fields';
import { IconX } from '../list/icons';
import {
  emptyRule,
  findField,
  operatorsOfField,
  withField,
  type RuleDraft,
  type RuleErrors,
} from './ruleForm';

interface RuleEditorProps {
  fields: readonly AvailableField[];
  loadingFields: boolean;
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
  errors: RuleErrors;
  /** 'rules' (the list as a whole) → message. */
  listError: string | undefined;
  maxRules: number;
  /** The sentence above the rules (default: the label's 'A participant is a member when all rules match.'). */
  intro?: string;
}

/** The value input of a rule: the custom-field control of the field's type (ENUM: one or more values, for INCLUDES). */
function valueField(index: number, field: AvailableField, label: string): CustomFieldInputField {
  return {
    id: `rule-${index}`,
    name: label,
    dataType: field.dataType,
    currencyCode: null,
    settings: {
      required: true,
      isCustomField: true,
      special: false,
      isEnumMultiple: field.dataType === 'ENUM',
      enumValues: field.enumValues,
    },
  };
}

/**
 * Shared by labels (features/labels) and audiences (sessions, collections, breakouts); its texts
 * are the label rule engine's, in the `labels` namespace.
 *
 * Rules `{ field, operator, value }` over profile and custom fields. The condition offers only the
 * operators the field's type allows (spec part 5); the value input fits the type.
 */
export function RuleEditor({
  fields,
  loadingFields,
  rules,
  onChange,
  errors,
  listError,
  maxRules,
  intro,
}: RuleEditorProps) {
  const { t } = useTranslation('labels');
  const fieldOptions = [
    {
      group: t('form.standardFields'),
      items: fields.filter((f) => f.source === 'standard').map((f) => ({ value: f.key, label: f.name })),
    },
    {
      group: t('form.customFields'),
      items: fields.filter((f) => f.source === 'custom').map((f) => ({ value: f.key, label: f.name })),
    },
  ].filter((g) => g.items.length > 0);
  const update = (index: number, next: RuleDraft) => onChange(rules.map((r, i) => (i === index ? next : r)));

  return (
    <Fieldset
      legend={
        <Text size="sm" fw={600} component="span">
          {t('form.rules')}
        </Text>
      }
      variant="unstyled"
      p={0}
    >
      <Stack gap="sm">
        <Text size="sm" fw={500} id="rules-all-match">
          {intro ?? t('form.allMustMatch')}
        </Text>
        {rules.map((rule, index) => {
          const field = findField(fields, rule.field);
          const operators = operatorsOfField(field);
          const number = index + 1;
          return (
            <Fragment key={index}>
              {index > 0 && (
                <Badge variant="filled" color="gray.7" aria-hidden="true" style={{ alignSelf: 'center' }}>
                  {t('form.and')}
                </Badge>
              )}
              <Paper
                withBorder
                p="sm"
                radius="md"
                role="group"
                aria-label={t('form.rule', { number })}
                aria-describedby="rules-all-match"
              >
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={600}>
                    {t('form.rule', { number })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('form.removeRule', { number })}
                    title={t('form.removeRule', { number })}
                    onClick={() => onChange(rules.filter((_, i) => i !== index))}
                  >
                    <IconX />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Select
                    label={t('form.field')}
                    required
                    data={fieldOptions}
                    value={rule.field || null}
                    onChange={(key) =>
                      update(index, withField(rule, key ? findField(fields, key) : undefined))
                    }
                    searchable
                    nothingFoundMessage={MESSAGES.noOptions}
                    placeholder={loadingFields ? t('form.loadingFields') : undefined}
                    disabled={loadingFields}
                    error={errors[`${index}.field`]}
                    data-field={`${index}.field`}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    maxDropdownHeight={200}
                  />
                  <Select
                    label={t('form.operator')}
                    required
                    data={operators.map((op) => ({ value: op, label: t(`operators.${op}`) }))}
                    value={rule.operator || null}
                    onChange={(op) =>
                      update(index, { ...rule, operator: (op ?? '') as RuleDraft['operator'] })
                    }
                    disabled={!field}
                    nothingFoundMessage={MESSAGES.noOptions}
                    error={errors[`${index}.operator`]}
                    data-field={`${index}.operator`}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                  {field ? (
                    <CustomFieldInputs
                      cols={1}
                      fields={[valueField(index, field, t('form.value'))]}
                      values={{ [`rule-${index}`]: rule.value }}
                      onChange={(_, value) => update(index, { ...rule, value })}
                      errors={
                        errors[`${index}.value`] ? { [`rule-${index}`]: errors[`${index}.value`]! } : {}
                      }
                    />
                  ) : (
                    <TextInput label={t('form.value')} disabled value="" readOnly />
                  )}
                </SimpleGrid>
              </Paper>
            </Fragment>
          );
        })}
        {listError && (
          <Text size="sm" c="red.8" role="alert" id="rules-error">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            onClick={() => onChange([...rules, emptyRule()])}
            disabled={rules.length >= maxRules}
            data-field="rules"
            aria-describedby={listError ? 'rules-error' : undefined}
          >
            {t('form.addRule')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
