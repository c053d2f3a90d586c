// The activity of one record (e.g. a participant's profile → activity) reads its audit rows by
// entity and id, newest first: without this index that is a scan of the whole audit log.
export const up = `
  CREATE INDEX audit_log_entity_idx ON audit_log (entity_id, entity, created_at DESC) WHERE entity_id IS NOT NULL;
`;
