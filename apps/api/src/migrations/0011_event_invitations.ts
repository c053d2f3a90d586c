// Invitations to an event for accounts outside the event's organisation (docs/SECURITY.md 3.7):
// an admin may not pull such an account in, so the person gets an e-mail and joins only by
// accepting. The secret is stored only as a hash; the profile the admin entered waits here until
// then. Declined invitations are deleted; nothing of an invitation shows in the event.
export const up = `
  CREATE TABLE event_invitations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    profile jsonb NOT NULL DEFAULT '{}'::jsonb,
    custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
    label_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE INDEX event_invitations_event_user_idx ON event_invitations (event_id, user_id);
`;
