import { describe, expect, it } from 'vitest';
import { defaultLayout, exportColumnsOf, headerOf, moveColumn, resolveLayout, toggleColumn } from './columns';
import type { ColumnDef } from './types';

const defs: ColumnDef<unknown>[] = [
  { id: 'name', header: 'h', cell: () => null },
  { id: 'status', header: 'h', cell: () => null },
  { id: 'createdAt', header: 'h', cell: () => null },
  { id: 'updatedAt', header: 'h', cell: () => null, defaultVisible: false },
];

describe('resolveLayout', () => {
  it('uses the definitions without saved settings', () => {
    expect(resolveLayout(defs, null)).toEqual(defaultLayout(defs));
    expect(defaultLayout(defs)).toEqual({
      order: ['name', 'status', 'createdAt', 'updatedAt'],
      visible: ['name', 'status', 'createdAt'],
    });
  });

  it('applies saved order and visibility', () => {
    expect(
      resolveLayout(defs, {
        order: ['createdAt', 'name', 'updatedAt', 'status'],
        columns: ['updatedAt', 'name'],
      }),
    ).toEqual({ order: ['createdAt', 'name', 'updatedAt', 'status'], visible: ['name', 'updatedAt'] });
  });

  it('drops unknown ids and appends columns added since', () => {
    expect(resolveLayout(defs, { order: ['gone', 'status', 'name'], columns: ['gone', 'status'] })).toEqual({
      order: ['status', 'name', 'createdAt', 'updatedAt'],
      visible: ['status', 'createdAt'],
    });
  });

  it('never leaves zero visible columns', () => {
    const all = ['name', 'status', 'createdAt', 'updatedAt'];
    expect(resolveLayout(defs, { order: all, columns: ['gone'] }).visible).toEqual([
      'name',
      'status',
      'createdAt',
    ]);
  });
});

describe('moveColumn / toggleColumn', () => {
  const layout = defaultLayout(defs);
  it('moves a column and keeps visibility', () => {
    expect(moveColumn(layout, 'createdAt', -1)).toEqual({
      order: ['name', 'createdAt', 'status', 'updatedAt'],
      visible: ['name', 'createdAt', 'status'],
    });
    expect(moveColumn(layout, 'name', -1)).toBe(layout);
    expect(moveColumn(layout, 'updatedAt', 1)).toBe(layout);
  });

  it('shows and hides, but never the last visible column', () => {
    expect(toggleColumn(layout, 'updatedAt', true).visible).toEqual([
      'name',
      'status',
      'createdAt',
      'updatedAt',
    ]);
    expect(toggleColumn(layout, 'status', false).visible).toEqual(['name', 'createdAt']);
    const one = { order: layout.order, visible: ['name'] };
    expect(toggleColumn(one, 'name', false).visible).toEqual(['name']);
  });
});

describe('exportColumnsOf', () => {
  const withExport: ColumnDef<unknown>[] = [
    { id: 'name', header: 'h', cell: () => null, exportField: 'name' },
    { id: 'who', header: 'h', cell: () => null, exportField: ['firstName', 'lastName'] },
    { id: 'badge', header: 'h', cell: () => null },
    { id: 'changed', header: 'h', cell: () => null, exportField: ['updatedAt', 'name'] },
  ];
  it('maps visible columns to export columns in display order, without duplicates', () => {
    expect(
      exportColumnsOf(withExport, {
        order: ['who', 'name', 'badge', 'changed'],
        visible: ['who', 'badge', 'changed', 'name'],
      }),
    ).toEqual(['firstName', 'lastName', 'updatedAt', 'name']);
  });
  it('is empty when no visible column exports anything (the API then exports all)', () => {
    expect(exportColumnsOf(withExport, { order: ['badge'], visible: ['badge'] })).toEqual([]);
  });
});

describe('headerOf', () => {
  it('prefers the literal header text to the i18n key', () => {
    const t = (k: string) => `t(${k})`;
    expect(headerOf({ header: 'ns:name' }, t)).toBe('t(ns:name)');
    expect(headerOf({ header: 'ns:name', headerText: 'Diet: vegan?' }, t)).toBe('Diet: vegan?');
  });
});
