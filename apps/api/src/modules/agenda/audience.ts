import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  ATTENDEE_MESSAGES,
  checkRules,
  operatorsFor,
  STANDARD_FIELD_LABELS,
  STANDARD_FIELDS,
  standardFieldType,
  type Audience,
  type AudienceInput,
  type AudienceOptions,
  type CustomFieldDef,
  type Rule,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson } from '../../platform/db/schema.js';
import { asDefs, listFields } from '../attendees/index.js';
import { labelCondition } from '../attendees/index.js';
import { fieldsError } from '../../platform/http.js';
import * as repo from './audience.repo.js';

/**
 * Audiences (domain agenda/audience.ts) on the server, for sessions here and for breakouts and
 * collections (modules/content):
 * - `validateAudience`   an input → the stored shape, 400 with field messages under `path`;
 * - `audienceRecords`    stored → records with label names and colours (one statement for all);
 * - `audienceCondition`  stored → SQL "participant p is in it" over `participants p`;
 * - `countAudience(s)`   participants an audience reaches;
 * - `viewerOf` + `viewerInAudience`  the per-row test of the agenda: a stored audience column
 *   (jsonb) against one participant, without a statement per row.
 * Rules go through the attendees rule engine (labels.service labelCondition → rules.repo).
 */

export type StoredAudience = AudienceJson;
export const EVERYONE_STORED: StoredAudience = { type: 'EVERYONE', labelIds: [], rules: [] };

/** Checks labels (of this event) and rules (fields, operators, values of the event's fields). */
export async function validateAudience(
  db: Db,
  eventId: string,
  input: AudienceInput,
  path = 'audience',
): Promise<StoredAudience> {
  if (input.type === 'EVERYONE') return EVERYONE_STORED;
  if (input.type === 'LABELS') {
    const wanted = [...new Set(input.labelIds)];
    const found = new Set((await repo.labelsOf(db, eventId, wanted)).map((l) => l.id));
    const missing = wanted.findIndex((id) => !found.has(id));
    if (missing >= 0) throw fieldsError({ [`${path}.labelIds`]: ATTENDEE_MESSAGES.unknownLabel });
    return { type: 'LABELS', labelIds: wanted, rules: [] };
  }
  const check = checkRules(input.rules, asDefs(await listFields(db, eventId)));
  if (Object.keys(check.fields).length > 0) {
    throw fieldsError(
      Object.fromEntries(Object.entries(check.fields).map(([p, message]) => [`${path}.rules.${p}`, message])),
    );
  }
  return { type: 'RULES', labelIds: [], rules: check.rules };
}

/** Stored audiences → records (labels with names; a label deleted since is left out). */
export async function audienceRecords(
  db: Db,
  eventId: string,
  stored: readonly StoredAudience[],
): Promise<Audience[]> {
  const labels = new Map(
    (
      await repo.labelsOf(
        db,
        eventId,
        stored.flatMap((a) => a.labelIds),
      )
    ).map((l) => [l.id, l]),
  );
  return stored.map((a) => audienceRecord(a, labels));
}

export function audienceRecord(a: StoredAudience, labels: ReadonlyMap<string, repo.LabelRef>): Audience {
  return {
    type: a.type,
    labels: a.labelIds.flatMap((id) => {
      const l = labels.get(id);
      return l ? [{ id: l.id, name: l.name, color: l.color }] : [];
    }),
    rules: a.rules as Rule[],
  };
}

/** "Participant p is in the audience", over `participants p` (the caller scopes p to the event). */
export function audienceCondition(a: StoredAudience, fields: readonly CustomFieldDef[]): RawBuilder<SqlBool> {
  if (a.type === 'EVERYONE') return sql<SqlBool>`true`;
  if (a.type === 'LABELS') return repo.holdsAnyLabel(a.labelIds);
  return labelCondition(a.rules as Rule[], fields);
}

/** Custom field definitions, read only when some audience has rules. */
async function fieldsFor(
  db: Db,
  eventId: string,
  stored: readonly StoredAudience[],
): Promise<CustomFieldDef[]> {
  return stored.some((a) => a.type === 'RULES') ? asDefs(await listFields(db, eventId)) : [];
}

export async function countAudience(db: Db, eventId: string, a: StoredAudience): Promise<number> {
  return repo.countParticipants(db, eventId, audienceCondition(a, await fieldsFor(db, eventId, [a])));
}

/** Counts of many audiences (equal ones counted once). */
export async function countAudiences(
  db: Db,
  eventId: string,
  stored: readonly StoredAudience[],
): Promise<number[]> {
  const fields = await fieldsFor(db, eventId, stored);
  const byKey = new Map<string, Promise<number>>();
  return Promise.all(
    stored.map((a) => {
      const key = JSON.stringify(a);
      let n = byKey.get(key);
      if (!n) byKey.set(key, (n = repo.countParticipants(db, eventId, audienceCondition(a, fields))));
      return n;
    }),
  );
}

/** One participant as the per-row audience test needs them. */
export interface Viewer {
  participantId: string;
  labelIds: string[];
  /** md5 keys (see repo.ruleAudiencesOfEvent) of the event's rule sets the participant matches. */
  ruleKeys: string[];
}

/** The viewer's labels and the event's rule audiences they match: 2 statements (3 with rules). */
export async function viewerOf(db: Db, eventId: string, participantId: string): Promise<Viewer> {
  const [labelIds, ruleSets] = await Promise.all([
    repo.labelIdsOfParticipant(db, participantId),
    repo.ruleAudiencesOfEvent(db, eventId),
  ]);
  return viewerFrom(db, eventId, { participantId, labelIds, ruleSets });
}

/** The viewer from what the caller read already (labels, the event's rule sets): 1 statement when there are rule sets. */
export async function viewerFrom(
  db: Db,
  eventId: string,
  read: {
    participantId: string;
    labelIds: string[];
    ruleSets: ReadonlyArray<{ key: string; rules: unknown }>;
  },
): Promise<Viewer> {
  const { participantId, labelIds, ruleSets } = read;
  if (ruleSets.length === 0) return { participantId, labelIds, ruleKeys: [] };
  const fields = asDefs(await listFields(db, eventId));
  const holds = await repo.conditionsHolding(
    db,
    participantId,
    ruleSets.map((r) => labelCondition(r.rules as Rule[], fields)),
  );
  return { participantId, labelIds, ruleKeys: ruleSets.filter((_, i) => holds[i]).map((r) => r.key) };
}

/** A stored audience column (jsonb, e.g. `s.audience`) includes the viewer. */
export function viewerInAudience(audience: Expression<unknown>, v: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`(CASE ${audience}->>'type'
    WHEN 'EVERYONE' THEN true
    WHEN 'LABELS' THEN (${audience}->'labelIds') ?| ${v.labelIds}::text[]
    WHEN 'RULES' THEN md5((${audience}->'rules')::text) = ANY(${v.ruleKeys}::text[])
    ELSE false END)`;
}

/** `GET target-audiences/update-options`: labels with member counts, fields with their operators. */
export async function audienceOptions(db: Db, eventId: string): Promise<AudienceOptions> {
  const [labels, fields] = await Promise.all([repo.labelsWithCounts(db, eventId), listFields(db, eventId)]);
  return {
    labels,
    fields: [
      ...STANDARD_FIELDS.map((field) => ({
        field,
        name: STANDARD_FIELD_LABELS[field],
        dataType: standardFieldType(field),
        operators: [...operatorsFor(standardFieldType(field))],
      })),
      ...fields.map((f) => ({
        field: f.id,
        name: f.name,
        dataType: f.dataType,
        operators: [...operatorsFor(f.dataType)],
        ...(f.dataType === 'ENUM' ? { enumValues: f.settings.enumValues } : {}),
      })),
    ],
  };
}

/** `POST target-audiences/check`: how many participants the audience reaches. */
export async function checkAudience(
  db: Db,
  eventId: string,
  input: AudienceInput,
): Promise<{ count: number }> {
  return { count: await countAudience(db, eventId, await validateAudience(db, eventId, input)) };
}
