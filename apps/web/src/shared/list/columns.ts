/** Pure column layout: the resource's column definitions merged with the user's saved view settings. */
import type { ColumnDef, ViewSettings } from './types';

export interface ColumnLayout {
  /** Every column id, in display order. */
  order: string[];
  /** Visible column ids, in display order. */
  visible: string[];
}

export function defaultLayout<T>(defs: readonly ColumnDef<T>[]): ColumnLayout {
  const order = defs.map((d) => d.id);
  return { order, visible: defs.filter((d) => d.defaultVisible !== false).map((d) => d.id) };
}

/**
 * Saved settings win for the columns they know. Ids that no longer exist are dropped; columns added
 * since the settings were saved are appended with their default visibility. Never zero visible columns.
 */
export function resolveLayout<T>(
  defs: readonly ColumnDef<T>[],
  saved: Pick<ViewSettings, 'columns' | 'order'> | null | undefined,
): ColumnLayout {
  const fallback = defaultLayout(defs);
  if (!saved) return fallback;
  const known = new Set(fallback.order);
  const savedOrder = saved.order.filter((id, i) => known.has(id) && saved.order.indexOf(id) === i);
  const inSaved = new Set(savedOrder);
  const added = defs.filter((d) => !inSaved.has(d.id));
  const order = [...savedOrder, ...added.map((d) => d.id)];
  const shown = new Set([
    ...saved.columns.filter((id) => known.has(id)),
    ...added.filter((d) => d.defaultVisible !== false).map((d) => d.id),
  ]);
  const visible = order.filter((id) => shown.has(id));
  return visible.length ? { order, visible } : { order, visible: fallback.visible };
}

/** Export columns of the visible columns, in display order (duplicates dropped). */
export function exportColumnsOf<T>(defs: readonly ColumnDef<T>[], layout: ColumnLayout): string[] {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const out = layout.visible.flatMap((id) => {
    const field = byId.get(id)?.exportField;
    return field === undefined ? [] : typeof field === 'string' ? [field] : [...field];
  });
  return [...new Set(out)];
}

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(layout: ColumnLayout, id: string, delta: -1 | 1): ColumnLayout {
  const i = layout.order.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= layout.order.length) return layout;
  const order = [...layout.order];
  [order[i], order[j]] = [order[j]!, order[i]!];
  const shown = new Set(layout.visible);
  return { order, visible: order.filter((c) => shown.has(c)) };
}

/** Shows or hides a column; hiding the last visible column is refused. */
export function toggleColumn(layout: ColumnLayout, id: string, show: boolean): ColumnLayout {
  const shown = new Set(layout.visible);
  if (show) shown.add(id);
  else if (shown.size > 1) shown.delete(id);
  return { order: layout.order, visible: layout.order.filter((c) => shown.has(c)) };
}

/** A column's header: its literal text (`headerText`), else its i18n key translated. */
export function headerOf<T>(
  def: Pick<ColumnDef<T>, 'header' | 'headerText'>,
  t: (key: string) => string,
): string {
  return def.headerText ?? t(def.header);
}
