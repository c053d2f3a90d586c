import { describe, expect, it } from 'vitest';
import { defaultViewSettings } from '@plenary/domain';
import { savedViewSettings } from './viewSettings';

describe('savedViewSettings', () => {
  it('treats the default answer for a table never saved as "nothing saved", so no column is hidden', () => {
    expect(savedViewSettings(defaultViewSettings('event-attendees'))).toBeNull();
  });

  it('returns saved settings without the envelope fields', () => {
    const answer = {
      tableKey: 'events',
      columns: ['name'],
      order: ['name', 'startAt'],
      pageSize: 300,
      saved: true,
    };
    expect(savedViewSettings(answer)).toEqual({
      columns: ['name'],
      order: ['name', 'startAt'],
      pageSize: 300,
    });
  });

  it('ignores answers that are not settings', () => {
    expect(savedViewSettings(null)).toBeNull();
    expect(savedViewSettings({ columns: 'name', order: [], pageSize: 20 })).toBeNull();
  });
});
