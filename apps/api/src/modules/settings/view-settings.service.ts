import type { ViewSettingsBody, ViewSettingsRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import * as repo from './view-settings.repo.js';

/**
 * Per user and table. A table the user never saved answers 404 (the client then shows its own
 * defaults and creates the settings with POST on the first change).
 */
export async function getViewSettings(db: Db, userId: string, tableKey: string): Promise<ViewSettingsRecord> {
  const settings = await repo.findViewSettings(db, userId, tableKey);
  if (!settings) throw notFound('No view settings saved for this table');
  return { tableKey, ...settings };
}

/** First save: 409 when they exist already (then PATCH). */
export async function createViewSettings(db: Db, userId: string, tableKey: string, body: ViewSettingsBody): Promise<ViewSettingsRecord> {
  if (!(await repo.insertViewSettings(db, userId, tableKey, body))) throw conflict('View settings exist for this table; use PATCH');
  return { tableKey, ...body };
}

/** Changes the given fields; 404 when nothing was saved yet (then POST). */
export async function updateViewSettings(db: Db, userId: string, tableKey: string, body: Partial<ViewSettingsBody>): Promise<ViewSettingsRecord> {
  return db.transaction().execute(async (tx) => {
    const current = await repo.findViewSettings(tx, userId, tableKey);
    if (!current) throw notFound('No view settings saved for this table');
    const next = { columns: body.columns ?? current.columns, order: body.order ?? current.order, pageSize: body.pageSize ?? current.pageSize };
    await repo.updateViewSettings(tx, userId, tableKey, next);
    return { tableKey, ...next };
  });
}
