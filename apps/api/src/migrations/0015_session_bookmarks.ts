// Bookmarks (issue 11): a person stars any session into My Agenda, independent of enrollment. Per
// user (not participant) so admins looking at the participant app keep theirs too; the event id is
// stored for the per-event list and the tenant check.
export const up = `
  CREATE TABLE session_bookmarks (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, session_id)
  );
  CREATE INDEX session_bookmarks_event_user_idx ON session_bookmarks (event_id, user_id);
  CREATE INDEX session_bookmarks_session_idx ON session_bookmarks (session_id);
`;
