import { defaultViewSettings, type ViewSettingsBody, type ViewSettingsRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import * as repo from './view-settings.repo.js';

/**
 * Per user and table. A table the user never saved answers the defaults with `saved: false` (not a
 * 404: every console list reads its settings, and browsers log each 404 as an error); the client
 * then shows its own columns and creates the settings with POST on the first change.
 */
export async function getViewSettings(db: Db, userId: string, tableKey: string): Promise<ViewSettingsRecord> {
  const settings = await repo.findViewSettings(db, userId, tableKey);
  if (!settings) return defaultViewSettings(tableKey);
  return { tableKey, ...settings, saved: true };
}

/** First save: 409 when they exist already (then PATCH). */
export async function createViewSettings(
  db: Db,
  userId: string,
  tableKey: string,
  body: ViewSettingsBody,
): Promise<ViewSettingsRecord> {
  if (!(await repo.insertViewSettings(db, userId, tableKey, body)))
    throw conflict('View settings exist for this table; use PATCH');
  return { tableKey, ...body, saved: true };
}

/** Changes the given fields; 404 when nothing was saved yet (then POST). */
export async function updateViewSettings(
  db: Db,
  userId: string,
  tableKey: string,
  body: Partial<ViewSettingsBody>,
): Promise<ViewSettingsRecord> {
  return db.transaction().execute(async (tx) => {
    const current = await repo.findViewSettings(tx, userId, tableKey);
    if (!current) throw notFound('No view settings saved for this table');
    const next = {
      columns: body.columns ?? current.columns,
      order: body.order ?? current.order,
      pageSize: body.pageSize ?? current.pageSize,
    };
    await repo.updateViewSettings(tx, userId, tableKey, next);
    return { tableKey, ...next, saved: true };
  });
}
