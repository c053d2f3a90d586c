import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PinUsage } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { FILES_PATH } from '../../platform/storage.js';
import { viewerInAudience, visibleTo, type Viewer } from '../agenda/index.js';

/** SQL shared by the content lists. */

/**
 * Whose audiences apply to a read: 'all' (admins and moderators: every record), a participant (the
 * agenda's Viewer: what their agenda shows), or 'none' (a member without a participant record: no
 * audience but EVERYONE includes them, no session is shown to them).
 */
export type ContentReader = 'all' | 'none' | Viewer;

/**
 * What content records are read for: the event, whether the reader administers it, and whose
 * audiences apply (`reader`). Only admins get the creator's e-mail and a collection's audience;
 * everyone else (participants, moderators) gets the creator as a name (spec part 3) and no
 * audience rules or labels. Participants read only the collections and materials their audiences
 * open to them (collectionShown, materialShown).
 */
export interface ContentScope {
  eventId: string;
  admin: boolean;
  reader: ContentReader;
}

/** Session `s` (over `sessions s LEFT JOIN breakouts b`) is in the reader's agenda: the agenda's own `visibleTo`. */
export const sessionShown = (reader: ContentReader): RawBuilder<SqlBool> =>
  reader === 'all'
    ? sql<SqlBool>`true`
    : reader === 'none'
      ? sql<SqlBool>`false`
      : sql<SqlBool>`coalesce(${visibleTo(reader)}, false)`;

/**
 * Collection `c` is for the reader: its audience includes them (the agenda's per-row audience test,
 * the one `visibleTo` applies to a session's collections).
 */
export const collectionShown = (reader: ContentReader): RawBuilder<SqlBool> =>
  reader === 'all'
    ? sql<SqlBool>`true`
    : reader === 'none'
      ? sql<SqlBool>`(c.audience->>'type' = 'EVERYONE')`
      : viewerInAudience(sql.ref('c.audience'), reader);

/**
 * Material `m` is for the reader: attached to no session (an event-wide material), pinned on an
 * interactive map (maps are the whole event's), or attached to a session their agenda shows.
 */
export const materialShown = (reader: ContentReader): RawBuilder<SqlBool> =>
  reader === 'all'
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(NOT EXISTS (SELECT 1 FROM session_materials sm WHERE sm.material_id = m.id)
      OR EXISTS (SELECT 1 FROM map_pins mp WHERE mp.material_id = m.id)
      OR EXISTS (SELECT 1 FROM session_materials sm JOIN sessions s ON s.id = sm.session_id LEFT JOIN breakouts b ON b.id = s.breakout_id
        WHERE sm.material_id = m.id AND ${sessionShown(reader)}))`;

/**
 * How many of the sessions `of` picks (a condition over `sessions s`, e.g. "s is in collection c")
 * the reader's agenda shows, or NULL for 'all' (the list's count of every session is used then):
 * a participant is not told how many sessions they can not see.
 */
export const shownSessionCount = (
  reader: ContentReader,
  of: RawBuilder<SqlBool>,
): RawBuilder<number | null> =>
  reader === 'all'
    ? sql<number | null>`NULL::int`
    : sql<
        number | null
      >`(SELECT count(*)::int FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id WHERE ${of} AND ${sessionShown(reader)})`;

/** The public URL of a stored key (the store's `url()`; the list records are built without a store at hand). */
export const fileUrl = (key: string): string => `${FILES_PATH}${key}`;

/**
 * `createdBy` / `updatedBy` of a record from the joined users `cb` and `ub` (nullable when the
 * account is gone). The creator's e-mail only for admins (ContentScope): the SQL reads NULL for others.
 */
export const authorColumns = (admin: boolean) =>
  [
    sql<string | null>`cb.id`.as('cbId'),
    sql<string | null>`cb.first_name`.as('cbFirstName'),
    sql<string | null>`cb.last_name`.as('cbLastName'),
    (admin ? sql<string | null>`cb.email` : sql<string | null>`NULL::text`).as('cbEmail'),
    sql<string | null>`ub.first_name`.as('ubFirstName'),
    sql<string | null>`ub.last_name`.as('ubLastName'),
  ] as const;

export interface AuthorRow {
  cbId: string | null;
  cbFirstName: string | null;
  cbLastName: string | null;
  cbEmail: string | null;
  ubFirstName: string | null;
  ubLastName: string | null;
}

export function authors(row: AuthorRow) {
  return {
    createdBy: row.cbId
      ? {
          id: row.cbId,
          firstName: row.cbFirstName ?? '',
          lastName: row.cbLastName ?? '',
          ...(row.cbEmail !== null ? { email: row.cbEmail } : {}),
        }
      : null,
    updatedBy:
      row.ubFirstName !== null ? { firstName: row.ubFirstName, lastName: row.ubLastName ?? '' } : null,
  };
}

/** Pins (with their map) whose `column` is the listed row's id, ordered by map and pin name. */
export const pinUsages = (column: 'location_id' | 'material_id' | 'session_id'): RawBuilder<PinUsage[]> =>
  sql<
    PinUsage[]
  >`(SELECT coalesce(json_agg(json_build_object('mapId', m.id, 'mapName', m.name, 'pinId', p.id, 'pinName', p.name) ORDER BY lower(m.name), lower(p.name), p.id), '[]'::json)
    FROM map_pins p JOIN interactive_maps m ON m.id = p.map_id WHERE p.${sql.raw(column)} = list_page.id)`;

/** The labels an audience names (id, name, colour), for audience records. */
export const audienceLabels = (): RawBuilder<Array<{ id: string; name: string; color: string }>> =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color) ORDER BY lower(lb.name), lb.id), '[]'::json)
    FROM labels lb WHERE lb.event_id = list_page.event_id AND lb.id::text IN (SELECT jsonb_array_elements_text(list_page.audience->'labelIds')))`;

/** Whether another record of `table` in the event already has `name` (case-insensitive); `exceptId` is the one being renamed. */
export async function nameTakenIn(
  db: Db,
  table: 'locations' | 'collections' | 'breakouts',
  eventId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('eventId', '=', eventId)
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}
