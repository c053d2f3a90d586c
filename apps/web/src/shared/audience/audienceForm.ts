import {
  MESSAGES,
  type Audience,
  type AudienceInput,
  type AudienceType,
  type AvailableField,
} from '@plenary/domain';
import { draftsFromRules, emptyRule, ruleErrorsFromApi, validateRules, type RuleDraft } from './ruleForm';

/**
 * The audience editor's state and its translation to the API's `audience` (spec: everyone, holders
 * of labels, or participants matching all rules). Pure: unit-tested in audienceForm.test.ts.
 */
export interface AudienceDraft {
  type: AudienceType;
  labelIds: string[];
  rules: RuleDraft[];
}

/** Editor keys: 'type', 'labelIds', 'rules' (the list), '<i>.field|operator|value' (a rule). */
export type AudienceErrors = Record<string, string>;

export const everyoneDraft = (): AudienceDraft => ({ type: 'EVERYONE', labelIds: [], rules: [emptyRule()] });

/** A stored audience → editor state (rules by the fields' keys; one empty rule to start with). */
export function audienceDraftFrom(
  audience: Audience | null | undefined,
  fields: readonly AvailableField[],
): AudienceDraft {
  if (!audience) return everyoneDraft();
  return {
    type: audience.type,
    labelIds: audience.labels.map((l) => l.id),
    rules: audience.rules.length > 0 ? draftsFromRules(audience.rules, fields) : [emptyRule()],
  };
}

/** Checks the draft as the API would; `audience` is what to send (null while something is missing). */
export function validateAudience(
  draft: AudienceDraft,
  fields: readonly AvailableField[],
): { audience: AudienceInput | null; errors: AudienceErrors } {
  switch (draft.type) {
    case 'EVERYONE':
      return { audience: { type: 'EVERYONE', labelIds: [], rules: [] }, errors: {} };
    case 'LABELS':
      return draft.labelIds.length === 0
        ? { audience: null, errors: { labelIds: MESSAGES.pleaseSelectValue } }
        : { audience: { type: 'LABELS', labelIds: draft.labelIds, rules: [] }, errors: {} };
    case 'RULES': {
      if (draft.rules.length === 0) return { audience: null, errors: { rules: MESSAGES.required } };
      const checked = validateRules(draft.rules, fields);
      return Object.keys(checked.errors).length > 0
        ? { audience: null, errors: checked.errors }
        : { audience: { type: 'RULES', labelIds: [], rules: checked.rules }, errors: {} };
    }
  }
}

/** The API's `audience.*` field errors (prefix given, e.g. 'audience') → the editor's keys. */
export function audienceErrorsFromApi(
  fields: Readonly<Record<string, string>>,
  prefix = 'audience',
): AudienceErrors {
  const own = Object.fromEntries(
    Object.entries(fields).flatMap(([k, m]) =>
      k === prefix || k.startsWith(`${prefix}.`)
        ? [[k === prefix ? 'type' : k.slice(prefix.length + 1), m]]
        : [],
    ),
  );
  const rules = ruleErrorsFromApi(own);
  const rest = Object.fromEntries(
    Object.entries(own).filter(([k]) => ['type', 'labelIds', 'rules'].includes(k)),
  );
  return { ...rest, ...rules };
}

/** Whether any editor key is in `errors` (the form shows the audience section open when so). */
export const hasAudienceErrors = (errors: AudienceErrors) => Object.keys(errors).length > 0;
