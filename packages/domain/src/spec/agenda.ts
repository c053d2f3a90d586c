/** Spec part 3: Session table columns, in the spec's order. */
export const SESSION_TABLE_COLUMNS = [
  'name',
  'description',
  'speakers',
  'startAt',
  'collections',
  'status',
  'accessControl',
  'timeSlot',
  'location',
  'virtualLink',
  'moderators',
  'audienceCount',
  'audience',
  'breakout',
  'capacity',
  'materials',
  'instances',
  'enrollable',
] as const;
export type SessionTableColumn = (typeof SESSION_TABLE_COLUMNS)[number];
