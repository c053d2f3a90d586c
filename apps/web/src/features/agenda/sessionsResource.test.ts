import { describe, expect, it } from 'vitest';
import '../../shared/i18n';
import { audienceText, sessionsResource } from './sessionsResource';

const EVENT = '3f2a0000-0000-4000-8000-000000000001';

describe('sessions list', () => {
  const resource = sessionsResource(EVENT, 'Europe/Berlin');

  it('has every Session column of spec part 3 (and the attendance text)', () => {
    const spec = [
      'name',
      'description',
      'speakers',
      'startAt',
      'collections',
      'status',
      'accessControl',
      'timeSlot',
      'location',
      'virtualLink',
      'moderators',
      'audienceCount',
      'audience',
      'breakout',
      'capacity',
      'materials',
      'instances',
      'enrollable',
    ];
    expect(resource.columns.map((c) => c.id)).toEqual(expect.arrayContaining([...spec, 'attendance']));
  });

  it('sorts only by fields the API sorts and exports by its export fields', () => {
    const sortable = [
      'name',
      'startAt',
      'status',
      'type',
      'capacity',
      'enrolledCount',
      'createdAt',
      'updatedAt',
    ];
    for (const c of resource.columns) if (c.sortField) expect(sortable).toContain(c.sortField);
    expect(resource.exportPath).toBe(`events/${EVENT}/sessions/export`);
    expect(resource.key).toBe(`sessions-${EVENT}`);
  });

  it('filters by status, type, collection, location, breakout, enrollable and start date (the API query names)', () => {
    expect(resource.filters.map((f) => [f.id, f.kind])).toEqual(
      expect.arrayContaining([
        ['status', 'multiselect'],
        ['type', 'multiselect'],
        ['collectionId', 'multiselect'],
        ['locationId', 'multiselect'],
        ['breakoutId', 'multiselect'],
        ['enrollable', 'boolean'],
        ['startAt', 'date-range'],
      ]),
    );
  });

  it('names an audience in a few words', () => {
    expect(audienceText({ type: 'EVERYONE', labels: [], rules: [] })).toBe('Everyone');
    expect(audienceText({ type: 'LABELS', labels: [{ name: 'VIP' }, { name: 'Speakers' }], rules: [] })).toBe(
      'Labels: VIP, Speakers',
    );
    expect(
      audienceText({
        type: 'RULES',
        labels: [],
        rules: [{ field: 'company', operator: 'EQUAL', value: 'Acme' }],
      }),
    ).toBe('1 rule');
  });
});
