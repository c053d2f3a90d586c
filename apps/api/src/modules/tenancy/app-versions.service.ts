import {
  TENANCY_MESSAGES,
  type AppVersionRecord,
  type CreateAppVersion,
  type UpdateAppVersion,
} from '@plenary/domain';
import { audit, type WriteContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import * as repo from './app-versions.repo.js';

const ENTITY = 'appVersion';
const UNIQUE_VIOLATION = '23505';

export async function getAppVersion(db: Db, id: string): Promise<AppVersionRecord> {
  const record = await repo.appVersionList.byId(db, null, id);
  if (!record) throw notFound();
  return record;
}

const duplicate = () =>
  conflict(`version: ${TENANCY_MESSAGES.versionExists}`, { version: TENANCY_MESSAGES.versionExists });

/** (platform, version) is unique: checked first for a clear answer, and by the constraint against races. */
async function unique<T>(
  db: Db,
  platform: string,
  version: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  const existing = await repo.findVersion(db, platform, version);
  if (existing !== undefined && existing !== exceptId) throw duplicate();
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw duplicate();
    throw err;
  }
}

export async function createAppVersion(
  db: Db,
  ctx: WriteContext,
  body: CreateAppVersion,
): Promise<AppVersionRecord> {
  const id = await unique(db, body.platform, body.version, undefined, () =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertVersion(tx, { ...body, updatedBy: ctx.actorId });
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getAppVersion(db, id);
}

export async function updateAppVersion(
  db: Db,
  ctx: WriteContext,
  id: string,
  body: UpdateAppVersion,
): Promise<AppVersionRecord> {
  const current = await getAppVersion(db, id);
  await unique(db, body.platform ?? current.platform, body.version ?? current.version, id, () =>
    db.transaction().execute(async (tx) => {
      await repo.updateVersion(tx, id, { ...body, updatedBy: ctx.actorId });
      await audit(tx, ctx, 'update', ENTITY, id);
    }),
  );
  return getAppVersion(db, id);
}

export async function deleteAppVersion(db: Db, ctx: WriteContext, id: string): Promise<void> {
  await getAppVersion(db, id);
  await db.transaction().execute(async (tx) => {
    await repo.deleteVersion(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
