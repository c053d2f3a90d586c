import { MESSAGES, type AvailableField } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { audienceDraftFrom, audienceErrorsFromApi, everyoneDraft, validateAudience } from './audienceForm';

const company: AvailableField = {
  key: 'company',
  name: 'Company',
  source: 'standard',
  customFieldId: null,
  dataType: 'STRING',
  isEnumMultiple: false,
  enumValues: [],
  required: false,
  operators: [],
  sortable: true,
  filterable: true,
  exportable: true,
  editableByParticipant: true,
  showInProfile: true,
};
const LABEL = '3f2a0000-0000-4000-8000-000000000009';

describe('audience editor state', () => {
  it('everyone needs nothing more', () => {
    expect(validateAudience(everyoneDraft(), [company])).toEqual({
      audience: { type: 'EVERYONE', labelIds: [], rules: [] },
      errors: {},
    });
  });

  it('labels need at least one label', () => {
    expect(validateAudience({ ...everyoneDraft(), type: 'LABELS' }, [company]).errors).toEqual({
      labelIds: MESSAGES.pleaseSelectValue,
    });
    expect(
      validateAudience({ ...everyoneDraft(), type: 'LABELS', labelIds: [LABEL] }, [company]).audience,
    ).toEqual({ type: 'LABELS', labelIds: [LABEL], rules: [] });
  });

  it('rules are checked row by row with the label rule messages', () => {
    const empty = validateAudience({ ...everyoneDraft(), type: 'RULES' }, [company]);
    expect(empty.audience).toBeNull();
    expect(empty.errors['0.field']).toBe(MESSAGES.required);
    const none = validateAudience({ type: 'RULES', labelIds: [], rules: [] }, [company]);
    expect(none.errors).toEqual({ rules: MESSAGES.required });
    const ok = validateAudience(
      { type: 'RULES', labelIds: [], rules: [{ field: 'company', operator: 'EQUAL', value: ' Acme ' }] },
      [company],
    );
    expect(ok.audience).toEqual({
      type: 'RULES',
      labelIds: [],
      rules: [{ field: 'company', operator: 'EQUAL', value: 'Acme' }],
    });
  });

  it('a stored audience becomes editor state', () => {
    const draft = audienceDraftFrom(
      { type: 'LABELS', labels: [{ id: LABEL, name: 'VIP', color: '#000000' }], rules: [] },
      [company],
    );
    expect(draft).toMatchObject({ type: 'LABELS', labelIds: [LABEL] });
    expect(draft.rules).toHaveLength(1);
  });

  it('maps the API audience errors to the editor keys', () => {
    expect(
      audienceErrorsFromApi({ 'audience.labelIds': 'a', 'audience.rules.0.value': 'b', name: 'c' }),
    ).toEqual({ labelIds: 'a', '0.value': 'b' });
  });
});
