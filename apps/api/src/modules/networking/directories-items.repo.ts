import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  directoryItemsQuerySchema,
  type DirectoryItem,
  type DirectoryStandardField,
  type PublicCustomFieldValue,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import type { DirectoryRow } from './directories.repo.js';

/**
 * The people of a directory: the event's participants whose profile is not hidden, narrowed by the
 * directory's filter, with only the fields the directory shows. The viewer's contacts
 * (BUSINESS_CARD_EXCHANGED) are read from the cards part's business_card_contacts.
 */

/** A custom field a directory card shows (shown by the directory and marked showInProfile). */
export interface ShownCustomField {
  id: string;
  name: string;
  dataType: string;
  currencyCode: string | null;
}

export interface ItemsScope {
  eventId: string;
  directory: Pick<DirectoryRow, 'filter' | 'sessionIds' | 'labelIds' | 'customFieldValues'>;
  /** The viewer's participant in the event (null for staff who are none): their contacts. */
  viewerParticipantId: string | null;
  show: Record<DirectoryStandardField, boolean>;
  customFields: readonly ShownCustomField[];
}

/** The shown custom fields' values that are set, in the event's field order (definitions as parameters). */
function customFieldsJson(fields: readonly ShownCustomField[]): RawBuilder<PublicCustomFieldValue[]> {
  if (fields.length === 0) return sql`'[]'::jsonb`;
  const column = <K extends keyof ShownCustomField>(key: K) => fields.map((f) => f[key]);
  return sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'dataType', f.data_type, 'currencyCode', f.currency_code, 'value', p.custom_fields -> f.id) ORDER BY f.n), '[]'::jsonb)
    FROM unnest(${column('id')}::text[], ${column('name')}::text[], ${column('dataType')}::text[], ${column('currencyCode')}::text[]) WITH ORDINALITY AS f(id, name, data_type, currency_code, n)
    WHERE p.custom_fields -> f.id NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;
}

const NONE = sql<SqlBool>`false`;
const ALL = sql<SqlBool>`true`;

/** CUSTOM: one of the labels (if any given) and, for each field given, one of its values. */
function customCondition(d: ItemsScope['directory']): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (d.labelIds.length > 0)
    parts.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY(${d.labelIds}::uuid[]))`,
    );
  for (const f of d.customFieldValues)
    parts.push(
      sql<SqlBool>`((p.custom_fields ->> ${f.fieldId}::text) = ANY(${f.values}::text[])
        OR (jsonb_typeof(p.custom_fields -> ${f.fieldId}::text) = 'array' AND (p.custom_fields -> ${f.fieldId}::text) ?| ${f.values}::text[]))`,
    );
  if (parts.length === 0) return NONE;
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** The directory's filter as a condition on `p` (participants). */
export function filterCondition(scope: ItemsScope): Expression<SqlBool> {
  const d = scope.directory;
  switch (d.filter) {
    case 'ALL_PARTICIPANTS':
      return ALL;
    case 'ALL_SPEAKERS':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM session_speakers ss WHERE ss.participant_id = p.id)`;
    case 'SESSION_SPEAKERS':
      if (d.sessionIds.length === 0) return NONE;
      return sql<SqlBool>`EXISTS (SELECT 1 FROM session_speakers ss WHERE ss.participant_id = p.id AND ss.session_id = ANY(${d.sessionIds}::uuid[]))`;
    case 'CUSTOM':
      return customCondition(d);
    case 'BUSINESS_CARD_EXCHANGED':
      if (!scope.viewerParticipantId) return NONE;
      return sql<SqlBool>`EXISTS (SELECT 1 FROM business_card_contacts c WHERE c.owner_participant_id = ${scope.viewerParticipantId}::uuid AND c.contact_participant_id = p.id)`;
    case 'USERS_AVAILABLE_FOR_MEETINGS':
      return availableForMeetings();
  }
}

/**
 * USERS_AVAILABLE_FOR_MEETINGS: participants who marked themselves available for meetings (the
 * meetings part's availability, migration 0018).
 */
function availableForMeetings(): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM meeting_availability ma WHERE ma.event_id = p.event_id AND ma.participant_id = p.id)`;
}

const shown = <T>(on: boolean, column: RawBuilder<T>, empty: RawBuilder<T>) => (on ? column : empty);

function selectItems(db: Db, scope: ItemsScope) {
  return db
    .selectFrom('participants as p')
    .select([
      'p.id',
      'p.userId',
      'p.firstName',
      'p.lastName',
      shown(scope.show.jobTitle, sql<string>`p.job_title`, sql<string>`''`).as('jobTitle'),
      shown(scope.show.company, sql<string>`p.company`, sql<string>`''`).as('company'),
      shown(scope.show.bio, sql<string>`p.bio`, sql<string>`''`).as('bio'),
      shown(scope.show.photo, sql<string | null>`p.photo_url`, sql<string | null>`NULL::text`).as('photoUrl'),
      customFieldsJson(scope.customFields).as('customFields'),
    ])
    .where('p.eventId', '=', scope.eventId)
    .where('p.profileHidden', '=', false)
    .where(filterCondition(scope));
}

/** The trigram-indexed names + company of participants (participants_name_company_trgm). */
const NAME_COMPANY = sql<string>`(p.first_name || ' ' || p.last_name || ' ' || p.company)`;

/** `GET …/directories/{directoryId}/items`: the people of one directory. */
export const directoryItemList = defineList({
  query: directoryItemsQuerySchema,
  select: selectItems,
  record: (row): DirectoryItem => row,
  id: sql.ref('p.id'),
  fields: {
    firstName: { sql: sql.ref('p.firstName'), sortable: sql`lower(p.first_name)`, searchable: NAME_COMPANY },
    lastName: { sql: sql.ref('p.lastName'), sortable: sql`lower(p.last_name)` },
    company: { sql: sql.ref('p.company'), sortable: sql`lower(p.company)` },
  },
  filters: {},
  defaultSort: 'lastName:asc',
});
