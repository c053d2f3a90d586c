import {
  checkParticipantRow,
  customFieldKey,
  customFieldValueFromCell,
  DATA_TYPE_LABELS,
  STANDARD_FIELD_LABELS,
  type CustomFieldDef,
  type DataType,
  type ImportColumn,
  type ParticipantRow,
  type ProfileTextField,
} from '@plenary/domain';
import { inviteInTransaction } from './invitations.service.js';
import { eventName } from './invitations.repo.js';
import { importFieldsOf, upsertStagedParticipants } from './participants.import.js';
import { customFieldChangedSince, isParticipantOfEvent } from './participants-import.repo.js';
import { moveCreateErrors } from '../../platform/import-tables/staged.repo.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, valueOf, type Cell } from '../../platform/import-tables/cells.js';

/**
 * The spec's `User` table: participants of the event by e-mail (csv or xlsx). Columns: the
 * standard profile fields, then every custom field of the event (key `cf_<hex>`, header = its
 * name). Rows are checked by the attendees API's own rules (`checkParticipantRow`): a row for a
 * new participant needs names and required custom fields ('create'), a row for an existing one
 * only valid values for what it gives ('update'); which of the two applies is decided against the
 * database once every row is staged (`afterStaging`). Commit: `upsertStagedParticipants`.
 */
const STANDARD: Array<{
  key: ProfileTextField | 'email';
  required: boolean;
  example: string;
  description: string;
}> = [
  {
    key: 'email',
    required: true,
    example: 'jane.doe@example.com',
    description: 'Finds the participant: a known address updates, a new one creates',
  },
  { key: 'firstName', required: true, example: 'Jane', description: 'Required for new participants' },
  { key: 'lastName', required: true, example: 'Doe', description: 'Required for new participants' },
  { key: 'jobTitle', required: false, example: 'Head of Marketing', description: '' },
  { key: 'company', required: false, example: 'Northwind', description: '' },
  { key: 'phone', required: false, example: '+49 30 1234567', description: '' },
  { key: 'bio', required: false, example: 'Runs the partner programme.', description: '' },
];

const EXAMPLES: Record<DataType, string> = {
  STRING: 'Text',
  BOOLEAN: 'Yes',
  DATE: '2026-05-04',
  NUMBER: '42',
  CURRENCY: '99.50',
  TIME: '09:30 AM',
  PROFILE_LINK: 'https://example.com/jane',
  ENUM: '',
};

const HINTS: Record<DataType, string> = {
  STRING: '',
  BOOLEAN: 'Yes or No',
  DATE: 'A date, YYYY-MM-DD',
  NUMBER: 'A number',
  CURRENCY: 'An amount, at most 2 decimals',
  TIME: 'hh:mm AM/PM',
  PROFILE_LINK: 'A URL starting with http:// or https://',
  ENUM: '',
};

function customColumn(f: CustomFieldDef): ImportColumn {
  const values = f.settings.enumValues;
  const isEnum = f.dataType === 'ENUM';
  return {
    key: customFieldKey(f.id),
    label: f.name,
    required: f.settings.required,
    identifies: false,
    type: f.dataType,
    example: isEnum
      ? f.settings.isEnumMultiple
        ? values.slice(0, 2).join('; ')
        : (values[0] ?? '')
      : EXAMPLES[f.dataType],
    enumValues: isEnum ? values : [],
    isEnumMultiple: isEnum && f.settings.isEnumMultiple,
    description: isEnum
      ? `${f.settings.isEnumMultiple ? 'One or more of' : 'One of'}: ${values.join(', ')}${f.settings.isEnumMultiple ? ' (separated by ;)' : ''}`
      : HINTS[f.dataType] || DATA_TYPE_LABELS[f.dataType],
  };
}

export function participantColumns(fields: readonly CustomFieldDef[]): ImportColumn[] {
  return [
    ...STANDARD.map((s) => ({
      key: s.key,
      label: STANDARD_FIELD_LABELS[s.key],
      required: s.required,
      identifies: s.key === 'email',
      type: s.key === 'email' ? ('EMAIL' as const) : ('STRING' as const),
      example: s.example,
      enumValues: [],
      isEnumMultiple: false,
      description: s.description,
    })),
    ...fields.map(customColumn),
  ];
}

/** `customFields.<id>` → `cf_<hex>`; standard fields keep their names. */
const columnOf = (path: string) =>
  path.startsWith('customFields.') ? customFieldKey(path.slice('customFields.'.length)) : path;
const byColumn = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, message]) => [columnOf(path), message]));

export const participantsImport: ImportTableDef = {
  table: 'User',
  keyColumn: 'email',
  columns: async (db, eventId) => participantColumns(await importFieldsOf(db, eventId)),
  changedSince: (db, eventId, verifiedAt) => customFieldChangedSince(db, eventId, verifiedAt),
  async checker(ctx, columns) {
    const fields = await importFieldsOf(ctx.db, ctx.eventId);
    const custom = fields
      .map((f) => ({ f, key: customFieldKey(f.id) }))
      .filter((c) => columns.some((col) => col.key === c.key));
    return {
      check(cells: ReadonlyMap<string, Cell>): RowCheck {
        const row: ParticipantRow = { email: textOf(cells.get('email')) };
        for (const s of STANDARD)
          if (s.key !== 'email' && cells.has(s.key)) row[s.key] = textOf(cells.get(s.key));
        const values: Record<string, unknown> = {};
        for (const { f, key } of custom) {
          if (!cells.has(key)) continue;
          const cell = valueOf(cells.get(key));
          const value = cell === undefined ? undefined : customFieldValueFromCell(f, cell);
          if (value !== undefined) values[f.id] = value;
        }
        row.customFields = values;
        const asNew = checkParticipantRow(row, fields, 'create');
        if (asNew.ok) return { ok: true, key: asNew.value.email, data: { ...asNew.value } };
        const asExisting = checkParticipantRow(row, fields, 'update');
        if (!asExisting.ok) return { ok: false, errors: byColumn(asExisting.fields) };
        return {
          ok: true,
          key: asExisting.value.email,
          data: { ...asExisting.value },
          createErrors: byColumn(asNew.fields),
        };
      },
    };
  },
  // A row that needs the 'create' rules is an error unless its e-mail is already a participant.
  afterStaging: (db, ctx) => moveCreateErrors(db, ctx.importId, isParticipantOfEvent(ctx.eventId)),
  // Addresses of accounts outside the event's organisation are not written: they are invited (an
  // e-mail each, in the commit's transaction) and count as skipped until the person accepts.
  async commit(tx, ctx) {
    const { created, updated, invitees } = await upsertStagedParticipants(
      tx,
      ctx.eventId,
      ctx.importId,
      ctx.actor,
    );
    if (invitees.length === 0) return { created, updated };
    const event = await eventName(tx, ctx.eventId);
    await inviteInTransaction(tx, ctx, event, { ...ctx.actor, host: ctx.actor.host ?? '' }, invitees);
    return { created, updated, notify: () => ctx.mail.wake() };
  },
};
