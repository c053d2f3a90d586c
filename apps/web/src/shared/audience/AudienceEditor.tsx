import { Alert, Fieldset, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIENCE_TYPES, MESSAGES, RULES_MAX, type AudienceType, type AvailableField } from '@plenary/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudienceOptions, useAudienceReach } from './api';
import { validateAudience, type AudienceDraft, type AudienceErrors } from './audienceForm';
import { RuleEditor } from './RuleEditor';

export interface AudienceEditorProps {
  eventId: string;
  draft: AudienceDraft;
  onChange: (draft: AudienceDraft) => void;
  fields: readonly AvailableField[];
  loadingFields: boolean;
  errors: AudienceErrors;
  /** Shown instead of the controls' effect, e.g. the breakout message when a breakout's rules apply. */
  disabled?: boolean;
  /** Legend of the group (already translated). */
  legend?: string;
}

/**
 * Who an item is for: everyone, holders of any of the chosen labels, or participants matching all
 * rules (the labels' rule editor). Says live how many participants that reaches now
 * (`POST target-audiences/check`, a moment after the last change, only for a complete audience).
 */
export function AudienceEditor({
  eventId,
  draft,
  onChange,
  fields,
  loadingFields,
  errors,
  disabled = false,
  legend,
}: AudienceEditorProps) {
  const { t } = useTranslation('agenda');
  const options = useAudienceOptions(eventId);
  const [settled] = useDebouncedValue(draft, 400);
  const complete = useMemo(
    () => (disabled || loadingFields ? null : validateAudience(settled, fields).audience),
    [settled, fields, disabled, loadingFields],
  );
  const reach = useAudienceReach(eventId, complete);
  const labelData = (options.data?.labels ?? []).map((l) => ({
    value: l.id,
    label: t('audience.labelOption', { name: l.name, count: l.memberCount }),
  }));

  return (
    <Fieldset
      legend={
        <Text fw={600} size="sm" component="span">
          {legend ?? t('audience.legend')}
        </Text>
      }
      disabled={disabled}
      variant="filled"
    >
      <Stack gap="sm">
        <Radio.Group
          label={t('audience.type')}
          value={draft.type}
          onChange={(v) => onChange({ ...draft, type: v as AudienceType })}
          error={errors.type}
        >
          <Stack gap={6} mt={6}>
            {AUDIENCE_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`audience.types.${type}`)}
                description={t(`audience.typeHints.${type}`)}
                disabled={disabled}
                data-field={type === draft.type ? 'audience.type' : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        {draft.type === 'LABELS' && (
          <MultiSelect
            label={t('audience.labels')}
            required
            data={labelData}
            value={draft.labelIds}
            onChange={(labelIds) => onChange({ ...draft, labelIds })}
            error={errors.labelIds}
            searchable
            disabled={disabled}
            nothingFoundMessage={options.isPending ? t('common:states.loading') : MESSAGES.noOptions}
            data-field="audience.labelIds"
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={200}
          />
        )}
        {draft.type === 'RULES' && (
          <RuleEditor
            fields={fields}
            loadingFields={loadingFields}
            rules={draft.rules}
            onChange={(rules) => onChange({ ...draft, rules })}
            errors={errors}
            listError={errors.rules}
            maxRules={RULES_MAX}
            intro={t('audience.allMustMatch')}
          />
        )}
        {!disabled && (
          <Text
            size="sm"
            role="status"
            aria-live="polite"
            fw={complete ? 500 : undefined}
            c={complete ? undefined : 'dimmed'}
          >
            {!complete
              ? t('audience.reachUnknown')
              : reach.data === undefined
                ? t('audience.reachCounting')
                : t('audience.reach', { count: reach.data })}
          </Text>
        )}
        {options.isError && (
          <Alert color="red" variant="light">
            {t('audience.optionsFailed')}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}
