import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n';
import { locationColumns } from './LocationsPage';

const headerText = (key: string) => {
  const [, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en.content);
};

describe('locations list columns', () => {
  it('starts with the name, like every other list', () => {
    expect(locationColumns().map((c) => c.id)).toEqual([
      'name',
      'description',
      'mapLocationUrl',
      'pdfMapUrl',
      'pins',
      'sessionCount',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('shows at first only columns that fit a 1440 px console beside the actions column (none hidden under it)', () => {
    // Measured: the list is 1112 px wide at 1440 px (navigation 264 px, page padding); actions 88 px.
    const shown = locationColumns().filter((c) => c.defaultVisible !== false);
    expect(shown.reduce((sum, c) => sum + (c.width ?? 180), 0) + 88).toBeLessThanOrEqual(1112);
    expect(shown.map((c) => c.id)).toEqual([
      'name',
      'description',
      'mapLocationUrl',
      'pdfMapUrl',
      'pins',
      'sessionCount',
    ]);
  });

  it('heads each column with a human label, never the raw field key', () => {
    for (const column of locationColumns()) {
      const text = headerText(column.header as string);
      expect(typeof text, column.id).toBe('string');
      expect(text, column.id).not.toBe(column.id);
      expect(text as string, column.id).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z]+)*$/); // words, a capital first
      expect(text as string, column.id).not.toMatch(/[a-z][A-Z]/); // no camelCase key
    }
  });
});
