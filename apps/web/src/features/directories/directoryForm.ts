import {
  DEFAULT_SHOWN_FIELDS,
  DIRECTORY_MESSAGES,
  DIRECTORY_NAME_MAX_LENGTH,
  MESSAGES,
  type DirectoryFilter,
  type DirectorySort,
  type DirectoryView,
} from '@plenary/domain';
import type { DirectoryBody, DirectoryRow } from './api';

/** The directory form's values: the filter's arguments are kept while another filter is picked. */
export interface DirectoryFormValues {
  name: string;
  view: DirectoryView;
  filter: DirectoryFilter;
  sessionIds: string[];
  labelIds: string[];
  /** CUSTOM: rows of one custom field and its accepted values. */
  customFieldValues: Array<{ fieldId: string; values: string[] }>;
  shownFields: string[];
  sort: DirectorySort;
  position: number;
}

export function initialValues(record: DirectoryRow | null): DirectoryFormValues {
  return {
    name: record?.name ?? '',
    view: record?.view ?? 'LIST_VIEW',
    filter: record?.filter ?? 'ALL_PARTICIPANTS',
    sessionIds: record?.sessionIds ?? [],
    labelIds: record?.labelIds ?? [],
    customFieldValues:
      record?.customFieldValues.map((f) => ({ fieldId: f.fieldId, values: [...f.values] })) ?? [],
    shownFields: record?.shownFields ?? [...DEFAULT_SHOWN_FIELDS],
    sort: record?.sort ?? 'LAST_NAME',
    position: record?.position ?? 0,
  };
}

/**
 * The body sent: only the arguments of the chosen filter (sessions for SESSION_SPEAKERS, labels and
 * values for CUSTOM), custom rows without a field or values left out.
 */
export function toBody(v: DirectoryFormValues): DirectoryBody {
  const custom = v.filter === 'CUSTOM';
  return {
    name: v.name.trim(),
    view: v.view,
    filter: v.filter,
    sessionIds: v.filter === 'SESSION_SPEAKERS' ? v.sessionIds : [],
    labelIds: custom ? v.labelIds : [],
    customFieldValues: custom
      ? v.customFieldValues
          .map((f) => ({ fieldId: f.fieldId, values: f.values.map((x) => x.trim()).filter(Boolean) }))
          .filter((f) => f.fieldId && f.values.length > 0)
      : [],
    shownFields: v.shownFields,
    sort: v.sort,
    position: v.position,
  };
}

/** The checks made before sending (the server makes them too): field → message. */
export function validate(v: DirectoryFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = v.name.trim();
  if (!name) errors.name = MESSAGES.required;
  else if (name.length > DIRECTORY_NAME_MAX_LENGTH) errors.name = MESSAGES.maxLength;
  const body = toBody(v);
  if (v.filter === 'SESSION_SPEAKERS' && body.sessionIds?.length === 0)
    errors.sessionIds = DIRECTORY_MESSAGES.sessionsRequired;
  if (v.filter === 'CUSTOM' && body.labelIds?.length === 0 && body.customFieldValues?.length === 0)
    errors.labelIds = DIRECTORY_MESSAGES.customRequired;
  return errors;
}
