import { customFieldSchema } from '@plenary/domain';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CustomFieldRow } from './types';

describe('CustomFieldRow', () => {
  it('is what the API sends: the JSON of an encoded record, timestamps as ISO strings', () => {
    const stored = customFieldSchema.parse({
      id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
      eventId: '0e1d2c3b-4a59-4867-9f8e-7d6c5b4a3928',
      key: 'cf_6f1c2d3e4a5b4c6d8e7f8091a2b3c4d5',
      name: 'Size',
      dataType: 'ENUM',
      settings: {
        required: false,
        isCustomField: true,
        isEnumMultiple: false,
        enumValues: ['S', 'M'],
        special: false,
      },
      editableByParticipant: true,
      showInProfile: false,
      currencyCode: null,
      position: 0,
      createdAt: '2026-03-01T08:00:00.000Z',
      updatedAt: '2026-03-02T09:30:00.000Z',
    });
    expect(stored.createdAt).toBeInstanceOf(Date);

    const wire: CustomFieldRow = JSON.parse(
      JSON.stringify(customFieldSchema.encode(stored)),
    ) as CustomFieldRow;
    expect(wire.createdAt).toBe('2026-03-01T08:00:00.000Z');
    expect(wire.updatedAt).toBe('2026-03-02T09:30:00.000Z');
    expectTypeOf<CustomFieldRow['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<CustomFieldRow['updatedAt']>().toEqualTypeOf<string>();
  });
});
