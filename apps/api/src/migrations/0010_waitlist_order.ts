// Waitlist order, strictly first come, first served. `created_at` ties (or nearly ties) for rows
// added in one statement or transaction (an admin's batch, a SessionUser import), and the order fell
// back to participant ids. `queued_seq` comes from a sequence, taken when the row is inserted (under
// the session lock, in the order the statement inserts): positions and promotions order by it.
// Leaving and joining again is a new row, so a new, later number. Existing rows are numbered in
// their former order (created_at, participant_id).
export const up = `
  ALTER TABLE enrollments ADD COLUMN queued_seq bigint;
  UPDATE enrollments e SET queued_seq = o.n
    FROM (SELECT session_id, participant_id, row_number() OVER (ORDER BY created_at, participant_id) AS n FROM enrollments) o
    WHERE o.session_id = e.session_id AND o.participant_id = e.participant_id;
  CREATE SEQUENCE enrollments_queued_seq AS bigint OWNED BY enrollments.queued_seq;
  SELECT setval('enrollments_queued_seq', coalesce((SELECT max(queued_seq) FROM enrollments), 0) + 1, false);
  ALTER TABLE enrollments ALTER COLUMN queued_seq SET DEFAULT nextval('enrollments_queued_seq'),
    ALTER COLUMN queued_seq SET NOT NULL;
  -- Waitlist order (promotion, #n positions); replaces the index on created_at.
  DROP INDEX enrollments_session_state_idx;
  CREATE INDEX enrollments_session_state_seq_idx ON enrollments (session_id, state, queued_seq);
`;
